// m0_pkg: what the reference core's parts share: the architecture's numbers (register ids, exception numbers,
// EXC_RETURN, the memory map), the decoded instruction, the ALU result and the controller's states.
// The numbers are the C side's too: tests/repo/test_shared_constants.sh fails when they disagree with
// dpi/include/tarmac/regs.h, model/armv6m.h or dpi/tarmac_chk_pkg.sv.
package m0_pkg;

  /* verilator lint_off UNUSEDPARAM */  // the architecture's numbers: not every part uses each

  // ---- register ids of the trace port (dpi/include/tarmac/regs.h, TM_REG_*) --------------------------------
  localparam logic [4:0] REG_SP      = 5'd13;  // the stack pointer in use (the trace port writes MSP or PSP)
  localparam logic [4:0] REG_LR      = 5'd14;
  localparam logic [4:0] REG_PC      = 5'd15;
  localparam logic [4:0] REG_XPSR    = 5'd16;
  localparam logic [4:0] REG_MSP     = 5'd17;
  localparam logic [4:0] REG_PSP     = 5'd18;
  localparam logic [4:0] REG_PRIMASK = 5'd19;
  localparam logic [4:0] REG_CONTROL = 5'd20;
  localparam int         REG_COUNT   = 21;

  // ---- exception numbers (ARM ARM B1.5.2, model/armv6m.h M6_EXC_*) -----------------------------------------
  localparam logic [5:0] EXC_RESET     = 6'd1;
  localparam logic [5:0] EXC_NMI       = 6'd2;
  localparam logic [5:0] EXC_HARDFAULT = 6'd3;
  localparam logic [5:0] EXC_SVCALL    = 6'd11;
  localparam logic [5:0] EXC_PENDSV    = 6'd14;
  localparam logic [5:0] EXC_SYSTICK   = 6'd15;
  localparam logic [5:0] EXC_IRQ0      = 6'd16;
  localparam int         EXC_COUNT     = 48;     // 16 system exception numbers and 32 interrupts
  // the numbers that can be pending or active (NMI, HardFault, SVCall, PendSV, SysTick, IRQ0-31): the priority
  // loops leave the others out at compile time
  localparam logic [EXC_COUNT-1:0] EXC_TAKEN = {32'hFFFF_FFFF, 16'b1100_1000_0000_1100};

  // ---- EXC_RETURN (B1.5.8): the mode and stack an exception return goes back to -----------------------------
  localparam logic [31:0] EXC_RETURN_HANDLER = 32'hFFFF_FFF1;  // handler mode, MSP
  localparam logic [31:0] EXC_RETURN_THREAD  = 32'hFFFF_FFF9;  // thread mode, MSP
  localparam logic [31:0] EXC_RETURN_PSP     = 32'hFFFF_FFFD;  // thread mode, PSP

  // ---- the memory map of the system (model/armv6m.h M6_*_BASE / M6_*_SIZE) -----------------------------------
  localparam logic [31:0] CODE_BASE   = 32'h0000_0000;
  localparam logic [31:0] CODE_SIZE   = 32'h0004_0000;  // 256 KiB
  localparam logic [31:0] SRAM_BASE   = 32'h2000_0000;
  localparam logic [31:0] SRAM_SIZE   = 32'h0001_0000;  // 64 KiB
  localparam logic [31:0] MTBRAM_BASE = 32'h2400_0000;
  localparam logic [31:0] MTBRAM_SIZE = 32'h0000_1000;  // 4 KiB
  localparam logic [31:0] SCS_BASE    = 32'hE000_E000;

  // ---- SYSm of MSR/MRS (B5.1.1, "special register encodings") ----------------------------------------------
  localparam logic [7:0] SYSM_APSR = 8'd0, SYSM_IAPSR = 8'd1, SYSM_EAPSR = 8'd2, SYSM_XPSR = 8'd3;
  localparam logic [7:0] SYSM_IPSR = 8'd5, SYSM_EPSR = 8'd6, SYSM_IEPSR = 8'd7;
  localparam logic [7:0] SYSM_MSP = 8'd8, SYSM_PSP = 8'd9, SYSM_PRIMASK = 8'd16, SYSM_CONTROL = 8'd20;

  // ---- the conditions of B<cond> (A6.3, "Condition codes"); 4'b1110 (AL) is UDF, 4'b1111 SVC ---------------------
  localparam logic [3:0] COND_EQ = 4'h0, COND_NE = 4'h1, COND_CS = 4'h2, COND_CC = 4'h3, COND_MI = 4'h4,
                         COND_PL = 4'h5, COND_VS = 4'h6, COND_VC = 4'h7, COND_HI = 4'h8, COND_LS = 4'h9,
                         COND_GE = 4'ha, COND_LT = 4'hb, COND_GT = 4'hc, COND_LE = 4'hd;
  /* verilator lint_on UNUSEDPARAM */

  // ---- priorities (B1.5.4) as levels that compare unsigned: the architecture's priority + 3 --------------------
  // (Reset -3, NMI -2, HardFault -1 and the configurable 0..3, PRI_n[7:6], are levels 0..6). PRIO_NONE, the lowest of all: no
  // active exception (thread mode) or none pending. Unsigned, not int: the C++ that Verilator writes makes a
  // signed comparison a library call, and the core makes some hundred of them a cycle.
  typedef logic [2:0] prio_t;
  localparam prio_t PRIO_RESET = 3'd0, PRIO_NMI = 3'd1, PRIO_HARDFAULT = 3'd2, PRIO_0 = 3'd3, PRIO_NONE = 3'd7;

  // ---- the instructions of ARMv6-M (A6.7: one per ARM ARM entry; its encodings share it) ---------------------
  typedef enum logic [6:0] {
    I_UDF,                                   // UDF, and every encoding that is UNDEFINED or not ARMv6-M
    I_LSL_IMM, I_LSR_IMM, I_ASR_IMM,         // LSLS/LSRS/ASRS (immediate) T1
    I_ADD_REG, I_SUB_REG,                    // ADDS/SUBS (register) T1
    I_ADD_IMM, I_SUB_IMM,                    // ADDS/SUBS (immediate) T1 (imm3) and T2 (imm8)
    I_MOV_IMM, I_CMP_IMM,                    // MOVS (immediate) T1, CMP (immediate) T1
    I_AND, I_EOR, I_LSL_REG, I_LSR_REG, I_ASR_REG, I_ADC, I_SBC, I_ROR_REG,  // data processing T1
    I_TST, I_RSB, I_CMP_REG, I_CMN, I_ORR, I_MUL, I_BIC, I_MVN,
    I_ADD_HI, I_CMP_HI, I_MOV_HI,            // ADD (register) T2, CMP (register) T2, MOV (register) T1
    I_BX, I_BLX,                             // BX, BLX (register)
    I_LDR_LIT,                               // LDR (literal)
    I_STR, I_STRH, I_STRB, I_LDR, I_LDRH, I_LDRB, I_LDRSB, I_LDRSH,  // loads and stores, register or immediate
    I_ADR,                                   // ADR
    I_ADD_SP_IMM, I_SUB_SP_IMM,              // ADD (SP plus immediate) T1/T2, SUB (SP minus immediate)
    I_SXTH, I_SXTB, I_UXTH, I_UXTB,
    I_REV, I_REV16, I_REVSH,
    I_PUSH, I_POP, I_STM, I_LDM,
    I_CPS, I_BKPT, I_HINT,                   // CPS, BKPT, NOP/YIELD/WFE/WFI/SEV
    I_B_COND, I_SVC, I_B, I_BL,
    I_MSR, I_MRS, I_BARRIER                  // MSR, MRS, DMB/DSB/ISB
  } insn_e;

  // ---- a decoded instruction (m0_decoder): the ARM ARM's fields -----------------------------------------------
  typedef struct packed {
    insn_e       insn;
    logic [3:0]  rd;      // d (or t: the register a load writes, a store reads)
    logic [3:0]  rn;      // n: first operand, base register
    logic [3:0]  rm;      // m: second operand, offset register
    logic        use_imm; // the second operand is imm32, not R[m]
    logic [31:0] imm32;   // the immediate: zero-extended and scaled, or the sign-extended branch offset
    logic [1:0]  srtype;  // shift type of the shifts (SRType: LSL 0, LSR 1, ASR 2, ROR 3)
    logic [3:0]  cond;    // B<cond>
    logic [15:0] reglist; // register list of LDM/STM/PUSH/POP (bit 15: PC of POP, bit 14: LR of PUSH)
    logic [7:0]  sysm;    // SYSm of MSR/MRS; imm8 of BKPT; im of CPS (bit 0)
  } decoded_t;

  // ---- what the ALU computes: the result and the flags it would set ----------------------------------------
  typedef struct packed {
    logic        n, z, c, v;
    logic [31:0] result;
  } alu_result_t;

  // xPSR from its N Z C V and IPSR (T bit set)
  function automatic logic [31:0] xpsr_of(input logic [3:0] nzcv, input logic [5:0] ipsr);
    return {nzcv, 3'b000, 1'b1, 18'd0, ipsr};
  endfunction

  // ---- the controller's states (rtl_tb/core/README.md, "State machine"); *_D: a transfer's data phase ------
  typedef enum logic [4:0] {
    S_RESET_SP, S_RESET_SP_D, S_RESET_PC, S_RESET_PC_D, S_RESET_DONE,
    S_FETCH, S_FETCH_D, S_FETCH2, S_FETCH2_D, S_EXEC,
    S_MEM, S_MEM_D, S_UNSTACK, S_UNSTACK_D, S_COMMIT, S_SEMI, S_RETIRE, S_SETTLE, S_BOUNDARY,
    S_EXC_PUSH, S_EXC_PUSH_D, S_EXC_VEC, S_EXC_VEC_D, S_EXC_COMMIT, S_LOCKUP, S_HALT
  } state_e;

  // ---- the timing of the Cortex-M0 visibility port (m0_vis; rtl_tb/core/README.md, "The Cortex-M0 visibility
  // port"): when each output shows a change relative to the cycle the PC moves. VIS_TIMING_M0 is what Arm's
  // Cortex-M0 shows (r0p0, as recorded); the others are legal timings the visibility-port adapter must read too.
  typedef struct packed {
    logic       entry_sp;    // exception entry, SP: 0 with the PC; 1 one cycle after the first stacking write's
                             // address phase
    logic       entry_ipsr;  // ... IPSR: 0 with the PC; 1 from the vector read's address phase
    logic       entry_lr;    // ... LR (EXC_RETURN): 0 with the PC; 1 from the vector read's address phase
    logic       ret_ipsr;    // exception return, IPSR and the flags: 0 with the PC; 1 once the stacked xPSR was read
    logic [1:0] ret_lr;      // ... LR: 0 with the PC; 1 one cycle before the PC; 2, 3 once it was read
    logic       ret_sp;      // ... SP: 0 with the PC; 1 one cycle after the PC
    logic       control;     // CONTROL.SPSEL: 0 the stored one, Thread mode's in Handler mode; 1 the architecture's:
                             // 0 one cycle after the PC moves to a handler, 1 one cycle after the PC shows an
                             // exception return to Thread mode on PSP
    logic [1:0] link_lr;     // LR after BL and BLX: 0 as the instruction writes it (before the PC moves); 1, 2, 3
                             // cycles after the PC moved
  } vis_timing_t;
  localparam vis_timing_t VIS_TIMING_M0 = '{entry_sp: 1'b1, entry_ipsr: 1'b1, entry_lr: 1'b1, ret_ipsr: 1'b1,
                                            ret_lr: 2'd1, ret_sp: 1'b1, control: 1'b1, link_lr: 2'd1};

  // ---- a request of the controller to the load/store unit (one AHB-Lite transfer) ------------------------------
  typedef struct packed {
    logic        req;
    logic [31:0] addr;
    logic        write;
    logic [1:0]  size;    // HSIZE[1:0]: byte, halfword, word
    logic        data;    // HPROT[0]: a data access (1) or an opcode or vector fetch (0)
    logic [31:0] wdata;   // driven on HWDATA in the data phase that follows
  } bus_req_t;

endpackage
