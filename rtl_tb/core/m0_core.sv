// Reference ARMv6-M core: a multi-cycle machine (fetch, execute, memory transfers one at a time, register
// commit) with a single AHB-Lite master for fetch and data, as Cortex-M0. The architectural choices are the
// model's (model/ARCHITECTURE.md); rtl_tb/core/README.md tells the parts, the state machine and the trace port.
// This module is the controller: the state machine and the architectural state, two processes (the next state
// of every register in always_comb, always_ff only latches it). Its parts: m0_decoder (instruction -> fields),
// m0_alu (data processing), m0_lsu (the AHB-Lite master), m0_pkg (what they share).
//   LrReset: LR at reset (the model's lr_reset; the architecture leaves it UNKNOWN, Cortex-M0/M0+ 0xFFFFFFFF)
module m0_core
  import m0_pkg::*;
#(
  parameter logic [31:0] LrReset = 32'hFFFF_FFFF,
  // model/ARCHITECTURE.md, "Tail-chaining and late arrival" (the model's --config tail_chain / late_arrival)
  parameter bit TailChain = 1'b0,    // an exception return enters a preempting pending exception without unstacking
  parameter bit LateArrival = 1'b0   // an exception arriving while another is entered is taken instead
) (
  input  logic        clk,
  input  logic        rst_n,
  // AHB-Lite master
  output logic [31:0] haddr,
  output logic [1:0]  htrans,
  output logic        hwrite,
  output logic [2:0]  hsize,
  output logic [3:0]  hprot,
  output logic [31:0] hwdata,
  input  logic [31:0] hrdata,
  input  logic        hready,
  input  logic        hresp,
  // from the SCS: what is pending and the priorities (2-bit fields)
  input  logic [31:0] irq_pending,     // pending and enabled
  input  logic [63:0] irq_prio,
  input  logic        nmi_pending,
  input  logic        pendsv_pending,
  input  logic        systick_pending,
  input  logic [1:0]  pri_svcall,
  input  logic [1:0]  pri_pendsv,
  input  logic [1:0]  pri_systick,
  input  logic [31:0] vtor,
  output logic        clr_valid,       // exception entry: clear the pending state of clr_num
  output logic [5:0]  clr_num,
  output logic [5:0]  ipsr_o,
  // trace port
  output logic        retire_valid,
  output logic [31:0] retire_pc,
  output logic [31:0] retire_opcode,
  output logic        retire_is32,
  output logic        retire_cond,
  output logic        rf_we_a,         // register writes (ids of dpi/include/tarmac/regs.h)
  output logic [4:0]  rf_id_a,
  output logic [31:0] rf_data_a,
  output logic        rf_we_b,         // special registers: xPSR, PRIMASK, CONTROL
  output logic [4:0]  rf_id_b,
  output logic [31:0] rf_data_b,
  output logic        exc_valid,
  output logic [5:0]  exc_num,
  output logic [31:0] exc_ret,
  output logic        exc_choice,      // 1 the cycle after the core chose to take an exception (live mode)
  output logic [31:0] vis_regs [21],  // visibility port: the architectural registers by register id (PC: 0)
  output logic        mtb_ev_valid,    // a non-sequential PC change for the MTB
  output logic [31:0] mtb_ev_src,
  output logic [31:0] mtb_ev_dst,
  output logic        mtb_ev_a,
  // semihosting: BKPT 0xAB halts the core until the testbench acknowledges
  output logic        semihost_req,
  output logic [31:0] semihost_op,
  output logic [31:0] semihost_arg,
  input  logic        semihost_ack,
  input  logic        semihost_wr_r0,
  input  logic [31:0] semihost_r0,
  output logic        halted,
  output logic        lockup
);

  // ---- the registers: *_q latched, *_d the next value (always_comb) ------------------------------------------
  state_e state_q, state_d;

  // architectural state besides R0-R15
  typedef struct packed {
    logic [31:0] sp_other;     // the stack pointer not in use (r[13] is the one in use)
    logic [3:0]  nzcv;         // APSR
    logic [5:0]  ipsr;
    logic        primask;
    logic        spsel;        // CONTROL.SPSEL
    logic [47:0] active;       // by exception number
    logic        svc_pending;
  } arch_t;
  logic [31:0] r_q [16], r_d [16];   // r[13] is the stack pointer in use; r[15] is not used (pc)
  arch_t arch_q, arch_d;

  // the instruction in flight
  typedef struct packed {
    logic [31:0] pc;
    logic [31:0] op;           // a 16-bit instruction in [15:0]; a 32-bit one as {first halfword, second}
    logic        is32;
    logic        cond_ok;      // B<cond> passed its condition (the trace port's retire_cond)
    logic [31:0] next_pc;
    logic        branched;     // a taken branch: an MTB packet
    logic        fault;        // the instruction faults: HardFault after its retire
    logic        invstate;     // BX/POP to an even address: HardFault at the next step
    logic [31:0] invstate_pc;
    logic [31:0] xpsr_before;  // xPSR before the instruction: an exception return writes xPSR when it changed
    logic        do_exc_return;
  } insn_t;
  insn_t ex_q, ex_d;

  // the memory micro-sequence: up to 9 transfers (LDM/STM/PUSH/POP), loaded words buffered until the commit
  typedef struct packed {
    logic [3:0]  n, i;         // transfers, and the one under way
    logic [31:0] addr;
    logic        write;
    logic [1:0]  size;
    logic        sgn;
    logic [15:0] reglist;      // registers transferred, ascending (bit 15: PC of POP)
    logic [31:0] wdata;        // the store data of the transfer under way
    logic [3:0]  rd;           // a single load's destination
    logic        is_pop, is_ldm, is_push, is_stm;
    logic [2:0]  ldm_base;     // Rn of LDM/STM
    logic [31:0] sp_new;       // SP after PUSH/POP
  } mem_t;
  mem_t mem_q, mem_d;
  logic [31:0] ldbuf_q [9], ldbuf_d [9];

  // the commit queue: register writes reported one per cycle on port A; port B carries the special register.
  // 17 deep: an exception return by POP {r0-r7, pc} to Thread mode on PSP queues the 8 popped registers and the
  // POP's SP, then the 7 the unstacking restores and CONTROL (SPSEL set)
  typedef struct packed {
    logic [4:0]  n, i;
    logic        b_valid;
    logic [4:0]  b_id;
    logic [31:0] b_val;
  } commit_t;
  commit_t cq_q, cq_d;
  logic [4:0]  cq_id_q [17], cq_id_d [17];
  logic [31:0] cq_val_q [17], cq_val_d [17];

  // exception entry and return
  typedef struct packed {
    logic [5:0]  n;            // the exception being entered
    logic [31:0] ret_addr;     // its return address
    logic [31:0] frame_addr;
    logic [2:0]  push_i;       // the frame word being stacked (highest address first)
    logic        from_thread, on_psp;
    logic [31:0] return_val;   // EXC_RETURN of the return under way
    logic        ret_to_thread, ret_to_psp;
    logic [31:0] unstack_base;
    logic        tail_pend;    // the exception return did not unstack: tail-chain at the boundary
    logic [5:0]  tail_num;     // the exception chosen as the return executed
    logic        tail;         // the entry in progress is tail-chained (no stacking, LR = return_val)
    logic [1:0]  mtb_pending;  // exception return: its second MTB packet is still to be written
  } exc_t;
  exc_t exc_q, exc_d;
  logic [31:0] frame_q [8], frame_d [8];

  // the trace port (registered outputs)
  typedef struct packed {
    logic        retire_valid;
    logic [31:0] retire_pc, retire_opcode;
    logic        retire_is32, retire_cond;
    logic        rf_we_a;
    logic [4:0]  rf_id_a;
    logic [31:0] rf_data_a;
    logic        rf_we_b;
    logic [4:0]  rf_id_b;
    logic [31:0] rf_data_b;
    logic        exc_valid;
    logic [5:0]  exc_num;
    logic [31:0] exc_ret;
    logic        mtb_ev_valid;
    logic [31:0] mtb_ev_src, mtb_ev_dst;
    logic        mtb_ev_a;
    logic        clr_valid;
    logic [5:0]  clr_num;
    logic        exc_choice;
  } port_t;
  port_t tp_q, tp_d;

  // ---- priorities (B1.5.4, levels of m0_pkg's prio_t) ---------------------------------------------------------
  // by exception number, the numbers that are no exception PRIO_NONE; the loops below read them by constant
  // index (a function of the number would be evaluated at run time, once per number and loop)
  prio_t prio [EXC_COUNT];
  always_comb begin
    for (int n = 0; n < EXC_COUNT; n++) prio[n] = PRIO_NONE;
    prio[EXC_RESET] = PRIO_RESET;
    prio[EXC_NMI] = PRIO_NMI;
    prio[EXC_HARDFAULT] = PRIO_HARDFAULT;
    prio[EXC_SVCALL] = PRIO_0 + prio_t'(pri_svcall);
    prio[EXC_PENDSV] = PRIO_0 + prio_t'(pri_pendsv);
    prio[EXC_SYSTICK] = PRIO_0 + prio_t'(pri_systick);
    for (int i = 0; i < 32; i++) prio[int'(EXC_IRQ0) + i] = PRIO_0 + prio_t'(irq_prio[2*i +: 2]);
  end

  prio_t exec_prio;
  always_comb begin
    exec_prio = PRIO_NONE;
    for (int n = 1; n < EXC_COUNT; n++)
      if (arch_q.active[n] && prio[n] < exec_prio) exec_prio = prio[n];
    if (arch_q.primask && exec_prio > PRIO_0) exec_prio = PRIO_0;
  end

  // the execution priority once the active exception (IPSR) has returned: what a tail-chain must preempt (only
  // a core with TailChain looks at it)
  prio_t exec_prio_ret;
  always_comb begin
    exec_prio_ret = PRIO_NONE;
    if (TailChain) begin
      for (int n = 1; n < EXC_COUNT; n++)
        if (arch_q.active[n] && n != int'(arch_q.ipsr) && prio[n] < exec_prio_ret) exec_prio_ret = prio[n];
      if (arch_q.primask && exec_prio_ret > PRIO_0) exec_prio_ret = PRIO_0;
    end
  end

  // the pending exception of the highest priority, the lowest number among equals
  logic [EXC_COUNT-1:0] pending;
  always_comb begin
    pending = '0;
    pending[EXC_NMI] = nmi_pending;
    pending[EXC_SVCALL] = arch_q.svc_pending;
    pending[EXC_PENDSV] = pendsv_pending;
    pending[EXC_SYSTICK] = systick_pending;
    pending[EXC_COUNT-1:EXC_IRQ0] = irq_pending;
  end
  logic [5:0] pend_num;
  prio_t      pend_prio;
  always_comb begin
    pend_num = 6'd0;
    pend_prio = PRIO_NONE;
    for (int n = 2; n < EXC_COUNT; n++)
      if (pending[n] && prio[n] < pend_prio) begin
        pend_prio = prio[n];
        pend_num = 6'(n);
      end
  end

  // ---- B<cond>: ConditionPassed (A6.3.1) -------------------------------------------------------------------
  function automatic logic cond_pass(input logic [3:0] c, input logic [3:0] f);
    logic n, z, cc, v;
    {n, z, cc, v} = f;
    unique case (c)
      COND_EQ: return z;
      COND_NE: return !z;
      COND_CS: return cc;
      COND_CC: return !cc;
      COND_MI: return n;
      COND_PL: return !n;
      COND_VS: return v;
      COND_VC: return !v;
      COND_HI: return cc && !z;
      COND_LS: return !cc || z;
      COND_GE: return n == v;
      COND_LT: return n != v;
      COND_GT: return !z && (n == v);
      COND_LE: return z || (n != v);
      default: return 1'b1;
    endcase
  endfunction

  // the stack pointer's register id for the bank in use
  function automatic logic [4:0] sp_id(input logic [5:0] n, input logic sel);
    return (n == 6'd0 && sel) ? REG_PSP : REG_MSP;
  endfunction

  // the store data of transfer i of a multiple store: the i-th register of the list
  function automatic logic [31:0] store_word(input logic [15:0] list, input logic [3:0] i, input logic [31:0] dflt);
    int k;
    k = 0;
    for (int b = 0; b < 16; b++) begin
      if (list[b]) begin
        if (k == int'(i)) return r_q[b];
        k++;
      end
    end
    return dflt;
  endfunction

  // MRS: the special register SYSm reads
  function automatic logic [31:0] mrs(input logic [7:0] sysm);
    unique case (sysm)
      SYSM_APSR, SYSM_EAPSR: return {arch_q.nzcv, 28'd0};   // EPSR reads as zero (MRS, B5.2.2)
      SYSM_IAPSR, SYSM_XPSR: return {arch_q.nzcv, 22'd0, arch_q.ipsr};
      SYSM_IPSR, SYSM_IEPSR: return {26'd0, arch_q.ipsr};
      SYSM_MSP: return (arch_q.ipsr == 0 && arch_q.spsel) ? arch_q.sp_other : r_q[13];
      SYSM_PSP: return (arch_q.ipsr == 0 && arch_q.spsel) ? r_q[13] : arch_q.sp_other;
      SYSM_PRIMASK: return {31'd0, arch_q.primask};
      SYSM_CONTROL: return {30'd0, arch_q.spsel, 1'b0};
      default: return 32'd0;
    endcase
  endfunction

  // ---- the parts -------------------------------------------------------------------------------------------
  decoded_t dec;
  m0_decoder u_decoder (.op(ex_q.op), .is32(ex_q.is32), .dec);

  // operands: PC reads as the instruction's address + 4 (A5.1.2)
  logic [31:0] rn_val, rm_val;
  assign rn_val = (dec.rn == 4'd15) ? ex_q.pc + 32'd4 : r_q[dec.rn];
  assign rm_val = (dec.rm == 4'd15) ? ex_q.pc + 32'd4 : r_q[dec.rm];

  alu_result_t alu;
  m0_alu u_alu (.dec, .rn_val, .rm_val, .pc(ex_q.pc), .sp(r_q[13]), .apsr(arch_q.nzcv), .res(alu));

  bus_req_t bus;
  logic [31:0] ld_data;
  m0_lsu u_lsu (
    .clk, .rst_n, .req(bus), .haddr, .htrans, .hwrite, .hsize, .hprot, .hwdata, .hrdata, .hready,
    .ld_addr(mem_q.addr[1:0]), .ld_size(mem_q.size), .ld_signed(mem_q.sgn), .ld_data
  );

  // the bus request of each state: the address phase in the states S_*, the data phase in the *_D states
  always_comb begin
    bus = '{req: 1'b0, addr: ex_q.pc, write: 1'b0, size: 2'd1, data: 1'b0, wdata: 32'd0};
    unique case (state_q)
      S_RESET_SP: begin bus.req = 1'b1; bus.addr = 32'd0; bus.size = 2'd2; end
      S_RESET_PC: begin bus.req = 1'b1; bus.addr = 32'd4; bus.size = 2'd2; end
      S_FETCH:    begin bus.req = 1'b1; bus.addr = ex_q.pc; end
      S_FETCH2:   begin bus.req = 1'b1; bus.addr = ex_q.pc + 32'd2; end
      S_MEM: bus = '{req: 1'b1, addr: mem_q.addr, write: mem_q.write, size: mem_q.size, data: 1'b1, wdata: mem_q.wdata};
      S_UNSTACK: bus = '{req: 1'b1, addr: exc_q.unstack_base + {26'd0, mem_q.i, 2'b00}, write: 1'b0, size: 2'd2, data: 1'b1,
                         wdata: 32'd0};
      S_EXC_PUSH: bus = '{req: 1'b1, addr: exc_q.frame_addr + {27'd0, exc_q.push_i, 2'b00}, write: 1'b1, size: 2'd2,
                          data: 1'b1, wdata: frame_q[exc_q.push_i]};
      S_EXC_VEC: begin bus.req = 1'b1; bus.addr = {vtor[31:7], 7'd0} + {24'd0, exc_q.n, 2'b00}; bus.size = 2'd2; end
      default: ;
    endcase
  end

  // ---- the next state -------------------------------------------------------------------------------------
  // What several states request, applied once after the state's own assignments (in this order):
  logic        take;           // exception entry: stack the frame of exception take_num, return address take_ret
  logic [5:0]  take_num;
  logic [31:0] take_ret;
  logic        bx;             // BXWritePC (BX, POP {pc}): exception return in handler mode, else interworking
  logic [31:0] bx_target;
  logic        bx_from_pop;    // its frame starts at the SP after the POP
  logic        blx;            // BLXWritePC: an interworking branch; bit 0 clear is an INVSTATE fault
  logic [31:0] blx_target;
  logic        enter;          // the vector is read: the handler's PC, LR = enter_lr
  logic [31:0] enter_lr;
  logic        wr;             // a register write of the instruction (WritePC excluded), queued for port A
  logic [3:0]  wr_reg;
  logic [31:0] wr_val;
  logic        setf;           // the instruction writes N Z C V
  logic [3:0]  setf_val;
  logic [31:0] last;           // the last word of a memory sequence, as loaded

  always_comb begin
    state_d = state_q;
    r_d = r_q;
    arch_d = arch_q;
    ex_d = ex_q;
    mem_d = mem_q;
    ldbuf_d = ldbuf_q;
    cq_d = cq_q;
    cq_id_d = cq_id_q;
    cq_val_d = cq_val_q;
    exc_d = exc_q;
    frame_d = frame_q;
    tp_d = tp_q;
    // the trace port's strobes last one cycle
    tp_d.retire_valid = 1'b0;
    tp_d.rf_we_a = 1'b0;
    tp_d.rf_we_b = 1'b0;
    tp_d.exc_valid = 1'b0;
    tp_d.mtb_ev_valid = 1'b0;
    tp_d.clr_valid = 1'b0;
    take = 1'b0;
    take_num = 6'd0;
    take_ret = 32'd0;
    bx = 1'b0;
    bx_target = 32'd0;
    bx_from_pop = 1'b0;
    blx = 1'b0;
    blx_target = 32'd0;
    enter = 1'b0;
    enter_lr = 32'd0;
    wr = 1'b0;
    wr_reg = 4'd0;
    wr_val = 32'd0;
    setf = 1'b0;
    setf_val = arch_q.nzcv;
    last = 32'd0;

    // one cycle of the commit queue: the next register write on port A, the special register on port B
    if (state_q == S_COMMIT || state_q == S_EXC_COMMIT) begin
      if (cq_q.i < cq_q.n) begin
        tp_d.rf_we_a = 1'b1;
        tp_d.rf_id_a = cq_id_q[cq_q.i];
        tp_d.rf_data_a = cq_val_q[cq_q.i];
        cq_d.i = cq_q.i + 5'd1;
      end
      if (cq_q.b_valid) begin
        tp_d.rf_we_b = 1'b1;
        tp_d.rf_id_b = cq_q.b_id;
        tp_d.rf_data_b = cq_q.b_val;
        cq_d.b_valid = 1'b0;
      end
    end

    unique case (state_q)
      // ---- reset: SP and PC from the vector table (not data beats: HPROT[0] = 0) ----
      S_RESET_SP: if (hready) state_d = S_RESET_SP_D;
      S_RESET_SP_D: if (hready) begin
        r_d[13] = {hrdata[31:2], 2'b00};
        state_d = S_RESET_PC;
      end
      S_RESET_PC: if (hready) state_d = S_RESET_PC_D;
      S_RESET_PC_D: if (hready) begin
        ex_d.pc = {hrdata[31:1], 1'b0};
        ex_d.invstate = !hrdata[0];
        ex_d.invstate_pc = {hrdata[31:1], 1'b0};
        tp_d.rf_we_a = 1'b1;
        tp_d.rf_id_a = REG_MSP;
        tp_d.rf_data_a = r_q[13];
        state_d = S_RESET_DONE;
      end
      S_RESET_DONE: state_d = S_BOUNDARY;

      // ---- fetch: a halfword, and the second of a 32-bit instruction ----
      S_FETCH: if (hready) state_d = S_FETCH_D;
      S_FETCH_D: if (hready) begin
        if (hresp) begin
          take = 1'b1; take_num = EXC_HARDFAULT; take_ret = ex_q.pc;
        end else begin
          logic [15:0] h;
          h = ex_q.pc[1] ? hrdata[31:16] : hrdata[15:0];
          if (h[15:11] >= 5'b11101) begin  // the first halfword of a 32-bit instruction (A5.1)
            ex_d.op = {h, 16'd0};
            ex_d.is32 = 1'b1;
            state_d = S_FETCH2;
          end else begin
            ex_d.op = {16'd0, h};
            ex_d.is32 = 1'b0;
            state_d = S_EXEC;
          end
        end
      end
      S_FETCH2: if (hready) state_d = S_FETCH2_D;
      S_FETCH2_D: if (hready) begin
        if (hresp) begin
          take = 1'b1; take_num = EXC_HARDFAULT; take_ret = ex_q.pc;
        end else begin
          ex_d.op[15:0] = ex_q.pc[1] ? hrdata[15:0] : hrdata[31:16];
          state_d = S_EXEC;
        end
      end

      // ---- execute: the decoded instruction (m0_decoder), the ALU's result (m0_alu) ----
      S_EXEC: begin
        ex_d.cond_ok = 1'b1;
        ex_d.fault = 1'b0;
        ex_d.branched = 1'b0;
        ex_d.do_exc_return = 1'b0;
        ex_d.next_pc = ex_q.pc + (ex_q.is32 ? 32'd4 : 32'd2);
        ex_d.xpsr_before = xpsr_of(arch_q.nzcv, arch_q.ipsr);
        mem_d.is_pop = 1'b0;
        mem_d.is_push = 1'b0;
        mem_d.is_ldm = 1'b0;
        mem_d.is_stm = 1'b0;
        mem_d.i = 4'd0;
        cq_d.n = 5'd0;
        cq_d.i = 5'd0;
        cq_d.b_valid = 1'b0;
        state_d = S_COMMIT;
        unique case (dec.insn)
          // data processing that writes Rd and the flags
          I_LSL_IMM, I_LSR_IMM, I_ASR_IMM, I_ADD_REG, I_SUB_REG, I_ADD_IMM, I_SUB_IMM, I_MOV_IMM, I_AND, I_EOR,
          I_LSL_REG, I_LSR_REG, I_ASR_REG, I_ADC, I_SBC, I_ROR_REG, I_RSB, I_ORR, I_MUL, I_BIC, I_MVN: begin
            wr = 1'b1; wr_reg = dec.rd; wr_val = alu.result;
            setf = 1'b1; setf_val = {alu.n, alu.z, alu.c, alu.v};
          end
          // the flags only
          I_CMP_IMM, I_TST, I_CMP_REG, I_CMN, I_CMP_HI: begin setf = 1'b1; setf_val = {alu.n, alu.z, alu.c, alu.v}; end
          // no flags: a write to the PC is a branch (ADD PC: ALUWritePC; MOV PC: BranchWritePC, bit 0 ignored)
          I_ADD_HI: if (dec.rd == 4'd15) begin ex_d.next_pc = alu.result & ~32'd1; ex_d.branched = 1'b1; end
                    else begin wr = 1'b1; wr_reg = dec.rd; wr_val = alu.result; end
          I_MOV_HI: if (dec.rd == 4'd15) begin ex_d.next_pc = {alu.result[31:1], 1'b0}; ex_d.branched = 1'b1; end
                    else begin wr = 1'b1; wr_reg = dec.rd; wr_val = alu.result; end
          I_ADR, I_ADD_SP_IMM, I_SUB_SP_IMM, I_SXTH, I_SXTB, I_UXTH, I_UXTB, I_REV, I_REV16, I_REVSH: begin
            wr = 1'b1; wr_reg = dec.rd; wr_val = alu.result;
          end
          I_BX: begin bx = 1'b1; bx_target = rm_val; end
          I_BLX: begin
            r_d[14] = ex_q.pc + 32'd3;
            cq_id_d[cq_q.n] = REG_LR; cq_val_d[cq_q.n] = ex_q.pc + 32'd3; cq_d.n = cq_q.n + 5'd1;
            blx = 1'b1; blx_target = rm_val;
          end
          // single loads and stores: the address (A5.2.4); an unaligned one faults before any bus access
          I_LDR_LIT, I_STR, I_STRH, I_STRB, I_LDR, I_LDRH, I_LDRB, I_LDRSB, I_LDRSH: begin
            logic [31:0] ad;
            logic w, sgn;
            logic [1:0] sz;
            ad = (dec.insn == I_LDR_LIT) ? {ex_q.pc[31:2] + 30'd1, 2'b00} + dec.imm32
                                         : rn_val + (dec.use_imm ? dec.imm32 : rm_val);
            w = dec.insn inside {I_STR, I_STRH, I_STRB};
            sgn = dec.insn inside {I_LDRSB, I_LDRSH};
            sz = (dec.insn inside {I_STRB, I_LDRB, I_LDRSB}) ? 2'd0 : (dec.insn inside {I_STRH, I_LDRH, I_LDRSH}) ? 2'd1 : 2'd2;
            if ((sz == 2'd2 && ad[1:0] != 2'd0) || (sz == 2'd1 && ad[0])) begin
              ex_d.fault = 1'b1;
              state_d = S_RETIRE;
            end else begin
              mem_d.addr = ad;
              mem_d.write = w;
              mem_d.size = sz;
              mem_d.sgn = sgn;
              mem_d.rd = w ? 4'd0 : dec.rd;
              mem_d.wdata = w ? (sz == 2'd0 ? {4{r_q[dec.rd][7:0]}} : sz == 2'd1 ? {2{r_q[dec.rd][15:0]}} : r_q[dec.rd]) : 32'd0;
              mem_d.reglist = 16'd0;
              mem_d.n = 4'd1;
              state_d = S_MEM;
            end
          end
          // multiple loads and stores: ascending addresses; a base that is not word-aligned faults
          I_PUSH, I_POP, I_STM, I_LDM: begin
            logic [31:0] base;
            logic [3:0] first;
            base = (dec.insn == I_PUSH) ? r_q[13] - {26'd0, 4'($countones(dec.reglist)), 2'b00}
                 : (dec.insn == I_POP) ? r_q[13] : r_q[dec.rn];
            if (dec.insn == I_PUSH) begin mem_d.is_push = 1'b1; mem_d.sp_new = base; end
            if (dec.insn == I_POP) begin
              mem_d.is_pop = 1'b1;
              mem_d.sp_new = r_q[13] + {26'd0, 4'($countones(dec.reglist)), 2'b00};
            end
            if (dec.insn inside {I_STM, I_LDM}) begin
              mem_d.ldm_base = dec.rn[2:0];
              mem_d.is_ldm = dec.insn == I_LDM;
              mem_d.is_stm = dec.insn == I_STM;
            end
            if (base[1:0] != 2'd0) begin
              ex_d.fault = 1'b1;
              state_d = S_RETIRE;
            end else begin
              first = 4'd0;
              for (int b = 15; b >= 0; b--) if (dec.reglist[b]) first = 4'(b);
              mem_d.addr = base;
              mem_d.write = dec.insn inside {I_PUSH, I_STM};
              mem_d.size = 2'd2;
              mem_d.sgn = 1'b0;
              mem_d.reglist = dec.reglist;
              mem_d.n = 4'($countones(dec.reglist));
              mem_d.wdata = r_q[first];
              state_d = S_MEM;
            end
          end
          I_CPS: begin
            arch_d.primask = dec.sysm[0];
            if (arch_q.primask != dec.sysm[0]) begin
              cq_d.b_valid = 1'b1;
              cq_d.b_id = REG_PRIMASK;
              cq_d.b_val = {31'd0, dec.sysm[0]};
            end
          end
          I_BKPT: if (dec.sysm == 8'hab) state_d = S_SEMI;  // semihosting
                  else begin ex_d.fault = 1'b1; state_d = S_RETIRE; end
          I_HINT, I_BARRIER: ;
          I_B_COND: if (!cond_pass(dec.cond, arch_q.nzcv)) ex_d.cond_ok = 1'b0;
                    else begin ex_d.next_pc = ex_q.pc + 32'd4 + dec.imm32; ex_d.branched = 1'b1; end
          I_SVC: arch_d.svc_pending = 1'b1;
          I_B: begin ex_d.next_pc = ex_q.pc + 32'd4 + dec.imm32; ex_d.branched = 1'b1; end
          I_BL: begin
            r_d[14] = ex_q.pc + 32'd5;
            cq_id_d[cq_q.n] = REG_LR; cq_val_d[cq_q.n] = ex_q.pc + 32'd5; cq_d.n = cq_q.n + 5'd1;
            ex_d.next_pc = ex_q.pc + 32'd4 + dec.imm32;
            ex_d.branched = 1'b1;
          end
          I_MRS: begin wr = 1'b1; wr_reg = dec.rd; wr_val = mrs(dec.sysm); end
          I_MSR: begin
            logic psp_in_use;
            logic [31:0] v;
            psp_in_use = (arch_q.ipsr == 0) && arch_q.spsel;
            v = r_q[dec.rn];
            unique case (dec.sysm)
              SYSM_APSR, SYSM_IAPSR, SYSM_EAPSR, SYSM_XPSR: begin  // only the APSR is written
                arch_d.nzcv = v[31:28];
                if (xpsr_of(v[31:28], arch_q.ipsr) != xpsr_of(arch_q.nzcv, arch_q.ipsr)) begin
                  cq_d.b_valid = 1'b1;
                  cq_d.b_id = REG_XPSR;
                  cq_d.b_val = xpsr_of(v[31:28], arch_q.ipsr);
                end
              end
              SYSM_MSP: begin
                if (psp_in_use) arch_d.sp_other = {v[31:2], 2'b00}; else r_d[13] = {v[31:2], 2'b00};
                cq_id_d[cq_q.n] = REG_MSP; cq_val_d[cq_q.n] = {v[31:2], 2'b00}; cq_d.n = cq_q.n + 5'd1;
              end
              SYSM_PSP: begin
                if (psp_in_use) r_d[13] = {v[31:2], 2'b00}; else arch_d.sp_other = {v[31:2], 2'b00};
                cq_id_d[cq_q.n] = REG_PSP; cq_val_d[cq_q.n] = {v[31:2], 2'b00}; cq_d.n = cq_q.n + 5'd1;
              end
              SYSM_PRIMASK: begin
                arch_d.primask = v[0];
                if (arch_q.primask != v[0]) begin
                  cq_d.b_valid = 1'b1;
                  cq_d.b_id = REG_PRIMASK;
                  cq_d.b_val = {31'd0, v[0]};
                end
              end
              SYSM_CONTROL: if (arch_q.ipsr == 0 && v[1] != arch_q.spsel) begin
                arch_d.spsel = v[1];
                r_d[13] = arch_q.sp_other;
                arch_d.sp_other = r_q[13];
                cq_d.b_valid = 1'b1;
                cq_d.b_id = REG_CONTROL;
                cq_d.b_val = {30'd0, v[1], 1'b0};
              end
              default: ;
            endcase
          end
          default: begin ex_d.fault = 1'b1; state_d = S_RETIRE; end  // UDF: HardFault after the retire
        endcase
      end

      // ---- memory: one transfer per address/data phase ----
      S_MEM: if (hready) state_d = S_MEM_D;
      S_MEM_D: if (hready) begin
        if (hresp) begin
          ex_d.fault = 1'b1;
          cq_d.n = 5'd0;        // a faulting instruction writes no register
          state_d = S_RETIRE;
        end else begin
          if (!mem_q.write) ldbuf_d[mem_q.i] = ld_data;
          if (mem_q.i + 4'd1 < mem_q.n) begin
            mem_d.i = mem_q.i + 4'd1;
            mem_d.addr = mem_q.addr + 32'd4;
            mem_d.wdata = store_word(mem_q.reglist, mem_q.i + 4'd1, mem_q.wdata);
            state_d = S_MEM;
          end else begin
            // the last transfer: queue the register writes (values as loaded) and the base/SP update
            state_d = S_COMMIT;
            last = mem_q.write ? 32'd0 : ld_data;
            cq_d.i = 5'd0;
            if (mem_q.write && !mem_q.is_push && !mem_q.is_stm) begin
              cq_d.n = 5'd0;
              state_d = S_RETIRE;
            end else if (!mem_q.is_pop && !mem_q.is_ldm && !mem_q.is_push && !mem_q.is_stm) begin
              r_d[mem_q.rd] = last;
              cq_id_d[0] = {1'b0, mem_q.rd};
              cq_val_d[0] = last;
              cq_d.n = 5'd1;
            end else begin
              int k;
              logic [31:0] v;
              k = 0;
              for (int b = 0; b < 8; b++) begin
                if (mem_q.reglist[b] && (mem_q.is_pop || mem_q.is_ldm)) begin
                  v = (k == int'(mem_q.n) - 1) ? last : ldbuf_q[k];
                  r_d[b] = v;
                  cq_id_d[k] = 5'(b);
                  cq_val_d[k] = v;
                end
                if (mem_q.reglist[b]) k++;
              end
              if (mem_q.is_pop || mem_q.is_push) begin
                r_d[13] = mem_q.sp_new;
                cq_id_d[(mem_q.is_pop || mem_q.is_ldm) ? k : 0] = sp_id(arch_q.ipsr, arch_q.spsel);
                cq_val_d[(mem_q.is_pop || mem_q.is_ldm) ? k : 0] = mem_q.sp_new;
                cq_d.n = (mem_q.is_pop || mem_q.is_ldm) ? 5'(k + 1) : 5'd1;
              end else if (mem_q.is_stm || (mem_q.is_ldm && !mem_q.reglist[{1'b0, mem_q.ldm_base}])) begin
                r_d[{1'b0, mem_q.ldm_base}] = mem_q.addr + 32'd4;
                cq_id_d[mem_q.is_ldm ? k : 0] = {2'b00, mem_q.ldm_base};
                cq_val_d[mem_q.is_ldm ? k : 0] = mem_q.addr + 32'd4;
                cq_d.n = mem_q.is_ldm ? 5'(k + 1) : 5'd1;
              end else begin
                cq_d.n = 5'(k);
              end
              if (mem_q.is_pop && mem_q.reglist[15]) begin bx = 1'b1; bx_target = last; bx_from_pop = 1'b1; end
            end
          end
        end
      end

      // ---- exception return: the 8-word frame, then the registers restored ----
      S_UNSTACK: if (hready) state_d = S_UNSTACK_D;
      S_UNSTACK_D: if (hready) begin
        frame_d[mem_q.i[2:0]] = hrdata;
        if (mem_q.i != 4'd7) begin
          mem_d.i = mem_q.i + 4'd1;
          state_d = S_UNSTACK;
        end else begin
          logic [31:0] new_sp, xpsr_ret;
          int k;
          // the stacked xPSR (hrdata): bit 9 undoes the frame's realignment; its reserved bits are ignored
          new_sp = exc_q.unstack_base + 32'd32 + (hrdata[9] ? 32'd4 : 32'd0);
          arch_d.active[arch_q.ipsr] = 1'b0;
          arch_d.ipsr = exc_q.ret_to_thread ? 6'd0 : hrdata[5:0];
          arch_d.nzcv = hrdata[31:28];
          xpsr_ret = xpsr_of(hrdata[31:28], exc_q.ret_to_thread ? 6'd0 : hrdata[5:0]);
          r_d[0] = frame_q[0];
          r_d[1] = frame_q[1];
          r_d[2] = frame_q[2];
          r_d[3] = frame_q[3];
          r_d[12] = frame_q[4];
          r_d[14] = frame_q[5];
          ex_d.next_pc = {frame_q[6][31:1], 1'b0};
          if (exc_q.ret_to_psp) begin
            arch_d.spsel = 1'b1;
            arch_d.sp_other = mem_q.is_pop ? mem_q.sp_new : r_q[13];
          end
          r_d[13] = new_sp;
          // the POP's own loaded registers are already queued (cq_q.n of them); append the restored ones
          k = int'(cq_q.n);
          if (mem_q.is_pop && !exc_q.ret_to_psp) k = k - 1;  // the unstacked MSP supersedes the POP's own SP write
          cq_id_d[k] = 5'd0;  cq_val_d[k] = frame_q[0];
          cq_id_d[k+1] = 5'd1; cq_val_d[k+1] = frame_q[1];
          cq_id_d[k+2] = 5'd2; cq_val_d[k+2] = frame_q[2];
          cq_id_d[k+3] = 5'd3; cq_val_d[k+3] = frame_q[3];
          cq_id_d[k+4] = 5'd12; cq_val_d[k+4] = frame_q[4];
          cq_id_d[k+5] = REG_LR; cq_val_d[k+5] = frame_q[5];
          cq_id_d[k+6] = exc_q.ret_to_psp ? REG_PSP : REG_MSP; cq_val_d[k+6] = new_sp;
          cq_d.n = 5'(k + 7);
          cq_d.i = 5'd0;
          if (xpsr_ret != ex_q.xpsr_before) begin
            cq_d.b_valid = 1'b1;
            cq_d.b_id = REG_XPSR;
            cq_d.b_val = xpsr_ret;
          end
          state_d = S_COMMIT;
        end
      end

      // ---- commit (above), semihosting, retire ----
      S_COMMIT: if (cq_q.i + 5'd1 >= cq_q.n) state_d = S_RETIRE;

      S_SEMI: if (semihost_ack) begin
        if (semihost_wr_r0) begin
          r_d[0] = semihost_r0;
          cq_id_d[cq_q.n] = 5'd0; cq_val_d[cq_q.n] = semihost_r0; cq_d.n = cq_q.n + 5'd1;
        end
        state_d = S_COMMIT;
      end

      S_RETIRE: begin
        tp_d.retire_valid = 1'b1;
        tp_d.retire_pc = ex_q.pc;
        tp_d.retire_opcode = ex_q.is32 ? ex_q.op : {16'd0, ex_q.op[15:0]};
        tp_d.retire_is32 = ex_q.is32;
        tp_d.retire_cond = ex_q.cond_ok;
        cq_d.n = 5'd0;
        cq_d.i = 5'd0;
        if (!ex_q.fault) begin
          ex_d.pc = ex_q.next_pc;
          if (ex_q.branched) begin
            tp_d.mtb_ev_valid = 1'b1;
            tp_d.mtb_ev_src = ex_q.pc;
            tp_d.mtb_ev_dst = ex_q.next_pc;
            tp_d.mtb_ev_a = 1'b0;
          end
          if (ex_q.do_exc_return) begin
            tp_d.mtb_ev_valid = 1'b1;
            tp_d.mtb_ev_src = ex_q.pc;
            tp_d.mtb_ev_dst = exc_q.return_val;
            tp_d.mtb_ev_a = 1'b0;
            exc_d.mtb_pending = exc_q.tail_pend ? 2'd0 : 2'd1;  // a tail-chain's entry writes the second packet
          end
        end
        state_d = S_SETTLE;
      end

      // one cycle for the retire to reach the SCS (SysTick counts it) before pending exceptions are looked at
      S_SETTLE: state_d = S_BOUNDARY;

      // ---- between instructions: what is taken next ----
      S_BOUNDARY: begin
        if (exc_q.mtb_pending != 2'd0) begin
          // the second packet of an exception return
          tp_d.mtb_ev_valid = 1'b1;
          tp_d.mtb_ev_src = exc_q.return_val | 32'd1;
          tp_d.mtb_ev_dst = ex_q.pc;
          tp_d.mtb_ev_a = 1'b1;
          exc_d.mtb_pending = 2'd0;
        end else if (ex_q.fault) begin
          ex_d.fault = 1'b0;
          take = 1'b1; take_num = EXC_HARDFAULT; take_ret = ex_q.pc;
        end else if (ex_q.invstate) begin
          ex_d.invstate = 1'b0;
          take = 1'b1; take_num = EXC_HARDFAULT; take_ret = ex_q.invstate_pc;
        end else if (exc_q.tail_pend) begin
          // late arrival: the highest pending now (the return's own SysTick count may have pended SysTick)
          exc_d.tail_pend = 1'b0;
          exc_d.n = LateArrival ? pend_num : exc_q.tail_num;
          exc_d.ret_addr = exc_q.return_val;
          exc_d.tail = 1'b1;
          state_d = S_EXC_VEC;
        end else if (arch_q.svc_pending && !(prio[EXC_SVCALL] < exec_prio)) begin
          arch_d.svc_pending = 1'b0;             // SVC that cannot be taken: HardFault
          take = 1'b1; take_num = EXC_HARDFAULT; take_ret = ex_q.pc;
        end else if (pend_num != 6'd0 && pend_prio < exec_prio) begin
          take = 1'b1; take_num = pend_num; take_ret = ex_q.pc;
        end else begin
          state_d = S_FETCH;
        end
      end

      // ---- exception entry: the frame (highest address first), the vector, LR/SP/xPSR ----
      S_EXC_PUSH: if (hready) state_d = S_EXC_PUSH_D;
      S_EXC_PUSH_D: if (hready) begin
        if (hresp) state_d = S_LOCKUP;
        else if (exc_q.push_i == 3'd0) state_d = S_EXC_VEC;
        else begin
          exc_d.push_i = exc_q.push_i - 3'd1;
          state_d = S_EXC_PUSH;
        end
      end
      S_EXC_VEC: if (hready) state_d = S_EXC_VEC_D;
      S_EXC_VEC_D: if (hready) begin
        if (hresp) begin
          // late arrival: a HardFault that preempts the context being left is taken instead, with the frame
          // already stacked; exc_q.n stays pending
          if (LateArrival && exc_q.n != EXC_HARDFAULT && exec_prio >= PRIO_0) begin
            exc_d.n = EXC_HARDFAULT;
            state_d = S_EXC_VEC;
          end else begin
            state_d = S_LOCKUP;
          end
        end else if (exc_q.tail) begin
          // tail-chained: the frame stays stacked, the stack pointers and SPSEL (clear in handler mode) stay
          enter = 1'b1; enter_lr = exc_q.return_val;
          cq_d.n = 5'd1;
          exc_d.tail = 1'b0;
        end else begin
          // the frame went to the stack in use; the handler runs on MSP
          enter = 1'b1;
          enter_lr = !exc_q.from_thread ? EXC_RETURN_HANDLER : (exc_q.on_psp ? EXC_RETURN_PSP : EXC_RETURN_THREAD);
          if (exc_q.on_psp) begin
            arch_d.sp_other = exc_q.frame_addr;
            r_d[13] = arch_q.sp_other;
          end else begin
            r_d[13] = exc_q.frame_addr;
          end
          arch_d.spsel = 1'b0;
          cq_id_d[1] = exc_q.on_psp ? REG_PSP : REG_MSP;
          cq_val_d[1] = exc_q.frame_addr;
          cq_d.n = 5'd2;
        end
      end
      S_EXC_COMMIT: if (cq_q.i + 5'd1 >= cq_q.n) begin
        // active, IPSR, and the SCS clears the pending state, at the edge of the entry's call: an interrupt input
        // the SCS samples before it merges with the pending state the entry takes, one at that edge or after it
        // pends again (the checker's rule, dpi/README.md "Live mode")
        arch_d.ipsr = exc_q.n;
        arch_d.active[exc_q.n] = 1'b1;
        if (exc_q.n == EXC_SVCALL) arch_d.svc_pending = 1'b0;
        tp_d.clr_valid = 1'b1;
        tp_d.clr_num = exc_q.n;
        tp_d.exc_valid = 1'b1;
        tp_d.exc_num = exc_q.n;
        tp_d.exc_ret = exc_q.ret_addr;
        tp_d.mtb_ev_valid = 1'b1;
        tp_d.mtb_ev_src = exc_q.ret_addr | 32'd1;
        tp_d.mtb_ev_dst = ex_q.pc;
        tp_d.mtb_ev_a = 1'b1;
        cq_d.n = 5'd0;
        cq_d.i = 5'd0;
        state_d = S_BOUNDARY;
      end
      S_LOCKUP: ;
      S_HALT: ;
      default: state_d = S_LOCKUP;
    endcase

    // the instruction's register write (WriteSP: SP bits [1:0] read as zero) and flags (the APSR, xPSR on port B
    // when it changes)
    if (wr) begin
      if (wr_reg == 4'd13) begin
        r_d[13] = wr_val & ~32'd3;
        cq_id_d[cq_q.n] = sp_id(arch_q.ipsr, arch_q.spsel); cq_val_d[cq_q.n] = wr_val & ~32'd3;
      end else begin
        r_d[wr_reg] = wr_val;
        cq_id_d[cq_q.n] = {1'b0, wr_reg}; cq_val_d[cq_q.n] = wr_val;
      end
      cq_d.n = cq_q.n + 5'd1;
    end
    if (setf) begin
      arch_d.nzcv = setf_val;
      if (setf_val != arch_q.nzcv) begin
        cq_d.b_valid = 1'b1;
        cq_d.b_id = REG_XPSR;
        cq_d.b_val = xpsr_of(setf_val, arch_q.ipsr);
      end
    end

    // BXWritePC: EXC_RETURN in handler mode returns from the exception (an invalid one faults), else interworking
    if (bx) begin
      if (arch_q.ipsr != 6'd0 && bx_target[31:28] == 4'hf) begin
        if (bx_target != EXC_RETURN_HANDLER && bx_target != EXC_RETURN_THREAD && bx_target != EXC_RETURN_PSP) begin
          ex_d.fault = 1'b1;
          cq_d.n = 5'd0;
          state_d = S_RETIRE;
        end else if (TailChain && pend_num != 6'd0 && pend_prio < exec_prio_ret) begin
          // tail-chain, decided as the return executes (before its SysTick count): no unstacking; the POP's own
          // writes are committed, the active exception ends
          ex_d.do_exc_return = 1'b1;
          exc_d.return_val = bx_target;
          arch_d.active[arch_q.ipsr] = 1'b0;
          exc_d.tail_pend = 1'b1;
          exc_d.tail_num = pend_num;
        end else begin
          ex_d.do_exc_return = 1'b1;
          exc_d.return_val = bx_target;
          exc_d.ret_to_thread = bx_target != EXC_RETURN_HANDLER;
          exc_d.ret_to_psp = bx_target == EXC_RETURN_PSP;
          exc_d.unstack_base = (bx_target == EXC_RETURN_PSP) ? arch_q.sp_other : (bx_from_pop ? mem_q.sp_new : r_q[13]);
          mem_d.i = 4'd0;
          state_d = S_UNSTACK;
        end
      end else begin
        blx = 1'b1;
        blx_target = bx_target;
      end
    end
    // BLXWritePC: bit 0 clear is an INVSTATE fault at the next step
    if (blx) begin
      ex_d.next_pc = {blx_target[31:1], 1'b0};
      ex_d.branched = 1'b1;
      if (!blx_target[0]) begin
        ex_d.invstate = 1'b1;
        ex_d.invstate_pc = {blx_target[31:1], 1'b0};
      end
    end

    // exception entry: the 8-word frame at the stack in use, aligned to 8 bytes (bit 9 of the stacked xPSR
    // records the realignment); a fault in HardFault or NMI locks up instead
    if (take) begin
      logic [31:0] sp;
      logic align;
      sp = r_q[13];
      align = sp[2];
      exc_d.n = take_num;
      exc_d.ret_addr = take_ret;
      exc_d.from_thread = (arch_q.ipsr == 6'd0);
      exc_d.on_psp = (arch_q.ipsr == 6'd0) && arch_q.spsel;
      exc_d.frame_addr = (sp - 32'd32) & ~32'd7;
      frame_d[0] = r_q[0];
      frame_d[1] = r_q[1];
      frame_d[2] = r_q[2];
      frame_d[3] = r_q[3];
      frame_d[4] = r_q[12];
      frame_d[5] = r_q[14];
      frame_d[6] = take_ret;
      frame_d[7] = xpsr_of(arch_q.nzcv, arch_q.ipsr) | (align ? 32'h200 : 32'h0);
      exc_d.push_i = 3'd7;
      state_d = (take_num == EXC_HARDFAULT && exec_prio < PRIO_0) ? S_LOCKUP : S_EXC_PUSH;
    end

    // the handler is entered: LR, the vector's PC; LR (queue entry 0) and xPSR are committed next, and the
    // exception becomes active with the entry's close (S_EXC_COMMIT)
    if (enter) begin
      r_d[14] = enter_lr;
      ex_d.pc = {hrdata[31:1], 1'b0};
      cq_id_d[0] = REG_LR;
      cq_val_d[0] = enter_lr;
      cq_d.i = 5'd0;
      cq_d.b_valid = 1'b1;
      cq_d.b_id = REG_XPSR;
      cq_d.b_val = xpsr_of(arch_q.nzcv, exc_q.n);
      state_d = S_EXC_COMMIT;
    end

    // CONTROL changed by an exception entry (SPSEL cleared) or return (SPSEL from EXC_RETURN): no instruction
    // writes it there, the trace port reports it as any change of it (MSR CONTROL's goes on port B)
    if (arch_d.spsel != arch_q.spsel && state_q != S_EXEC) begin
      cq_id_d[cq_d.n] = REG_CONTROL;
      cq_val_d[cq_d.n] = {30'd0, arch_d.spsel, 1'b0};
      cq_d.n = cq_d.n + 5'd1;
    end

    // the choice of an exception: a frame prepared to stack (its push counter starts at 7) or an exception
    // return that holds a tail-chain; the checker's live mode takes the interrupt inputs as they were then
    tp_d.exc_choice = (exc_d.push_i == 3'd7 && exc_q.push_i != 3'd7) || (exc_d.tail_pend && !exc_q.tail_pend);
  end

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      state_q <= S_RESET_SP;
      for (int i = 0; i < 16; i++) r_q[i] <= (i == 14) ? LrReset : 32'd0;
      arch_q <= '0;
      ex_q <= '0;
      mem_q <= '0;
      for (int i = 0; i < 9; i++) ldbuf_q[i] <= 32'd0;
      cq_q <= '0;
      for (int i = 0; i < 17; i++) begin cq_id_q[i] <= 5'd0; cq_val_q[i] <= 32'd0; end
      exc_q <= '0;
      for (int i = 0; i < 8; i++) frame_q[i] <= 32'd0;
      tp_q <= '0;
    end else begin
      state_q <= state_d;
      r_q <= r_d;
      arch_q <= arch_d;
      ex_q <= ex_d;
      mem_q <= mem_d;
      ldbuf_q <= ldbuf_d;
      cq_q <= cq_d;
      cq_id_q <= cq_id_d;
      cq_val_q <= cq_val_d;
      exc_q <= exc_d;
      frame_q <= frame_d;
      tp_q <= tp_d;
    end
  end

  // ---- outputs ----------------------------------------------------------------------------------------------
  assign retire_valid = tp_q.retire_valid;
  assign retire_pc = tp_q.retire_pc;
  assign retire_opcode = tp_q.retire_opcode;
  assign retire_is32 = tp_q.retire_is32;
  assign retire_cond = tp_q.retire_cond;
  assign rf_we_a = tp_q.rf_we_a;
  assign rf_id_a = tp_q.rf_id_a;
  assign rf_data_a = tp_q.rf_data_a;
  assign rf_we_b = tp_q.rf_we_b;
  assign rf_id_b = tp_q.rf_id_b;
  assign rf_data_b = tp_q.rf_data_b;
  assign exc_valid = tp_q.exc_valid;
  assign exc_num = tp_q.exc_num;
  assign exc_ret = tp_q.exc_ret;
  assign exc_choice = tp_q.exc_choice;
  assign mtb_ev_valid = tp_q.mtb_ev_valid;
  assign mtb_ev_src = tp_q.mtb_ev_src;
  assign mtb_ev_dst = tp_q.mtb_ev_dst;
  assign mtb_ev_a = tp_q.mtb_ev_a;
  assign clr_valid = tp_q.clr_valid;
  assign clr_num = tp_q.clr_num;
  assign ipsr_o = arch_q.ipsr;

  // the visibility port: what the registers hold now (after a retire or exception entry: as it left them)
  always_comb begin
    logic psp_in_use;
    psp_in_use = (arch_q.ipsr == 6'd0) && arch_q.spsel;
    for (int i = 0; i < 15; i++) vis_regs[i] = r_q[i];
    vis_regs[REG_PC] = 32'd0;
    vis_regs[REG_XPSR] = xpsr_of(arch_q.nzcv, arch_q.ipsr);
    vis_regs[REG_MSP] = psp_in_use ? arch_q.sp_other : r_q[13];
    vis_regs[REG_PSP] = psp_in_use ? r_q[13] : arch_q.sp_other;
    vis_regs[REG_PRIMASK] = {31'd0, arch_q.primask};
    vis_regs[REG_CONTROL] = {30'd0, arch_q.spsel, 1'b0};
  end

  assign semihost_op = r_q[0];
  assign semihost_arg = r_q[1];
  assign semihost_req = (state_q == S_SEMI);
  assign halted = (state_q == S_HALT) || (state_q == S_SEMI);
  assign lockup = (state_q == S_LOCKUP);

  // bits that are not used by design (named "unused" for Verilator's lint)
  logic unused;
  assign unused = ^{vtor[6:0], r_q[15]};

endmodule
