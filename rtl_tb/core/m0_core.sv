// Reference ARMv6-M core: a multi-cycle machine (fetch, execute, memory transfers one at a time, register
// commit) with a single AHB-Lite master for fetch and data, as Cortex-M0. The architectural choices are the
// model's (model/ARCHITECTURE.md); rtl_tb/core/README.md tells the parts, the state machine and the trace port.
// This module is the controller: the state machine, the instruction in flight and the register file, two processes
// (the next state of every register in always_comb, always_ff only latches it). Its parts: m0_decoder
// (instruction -> fields), m0_alu (data processing), m0_lsu (the AHB-Lite master), m0_exc (the exception unit:
// priorities, entry, return, tail-chaining, late arrival), m0_pkg (what they share).
//   LrReset: LR at reset (the model's lr_reset; the architecture leaves it UNKNOWN, Cortex-M0/M0+ 0xFFFFFFFF)
//   RReset:  r0-r12 at reset (the model's r_reset; UNKNOWN in the architecture, Cortex-M0 0xFFFFFFFF)
//   ApsrReset: N Z C V at reset (the model's apsr_reset; UNKNOWN in the architecture, Cortex-M0 4'b1100)
module m0_core
  import m0_pkg::*;
#(
  parameter logic [31:0] LrReset = 32'hFFFF_FFFF,
  parameter logic [31:0] RReset = 32'h0000_0000,
  parameter logic [3:0]  ApsrReset = 4'h0,
  // model/ARCHITECTURE.md, "Tail-chaining and late arrival" (the model's --config tail_chain / late_arrival)
  parameter bit TailChain = 1'b0,    // an exception return enters a preempting pending exception without unstacking
  parameter bit LateArrival = 1'b0,  // an exception arriving while another is entered is taken instead
  // an exception arriving during an exception return's unstacking is tail-chained on the frame (abandon_unstack)
  parameter bit AbandonUnstack = 1'b0,
  // 1: the reset and exception vector reads are data transfers (HPROT[0] = 1), as Arm's Cortex-M0 makes them
  parameter bit VectorReadsData = 1'b0
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
  input  logic        shcsr_we,        // a write of SHCSR: SVCall pending becomes shcsr_svcallpended
  input  logic        shcsr_svcallpended,
  output logic        svc_pending_o,   // SVCall pending (it lives in the core), for SHCSR.SVCALLPENDED
  input  logic        svc_held,        // ... held from being taken (PendBarrier: pended by SHCSR, before a barrier)
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
  // Cortex-M0's visibility port, with its timings (rtl_tb/core/README.md, "The Cortex-M0 visibility port")
  output logic [31:0] vis_r0_o, vis_r1_o, vis_r2_o, vis_r3_o, vis_r4_o, vis_r5_o, vis_r6_o, vis_r7_o, vis_r8_o,
  output logic [31:0] vis_r9_o, vis_r10_o, vis_r11_o, vis_r12_o, vis_r14_o,
  output logic [29:0] vis_msp_o,       // SP[31:2]
  output logic [29:0] vis_psp_o,
  output logic [30:0] vis_pc_o,        // PC[31:1]
  output logic [3:0]  vis_apsr_o,      // N Z C V
  output logic [5:0]  vis_ipsr_o,
  output logic        vis_control_o,   // SPSEL (m0_vis)
  output logic        vis_primask_o,
  input  vis_timing_t vis_timing,      // the port's timing (m0_vis): a setting of the imitation, not of the core
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

  // architectural state besides R0-R15 and the exception state (IPSR, active, pending SVCall: m0_exc)
  typedef struct packed {
    logic [31:0] sp_other;     // the stack pointer not in use (r[13] is the one in use)
    logic [3:0]  nzcv;         // APSR
    logic        primask;
    logic        spsel;        // CONTROL.SPSEL
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

  // the trace port (registered outputs): the retire and the MTB's events; the register writes (the commit
  // queue's report); m0_exc registers the exception report
  typedef struct packed {
    logic        retire_valid;
    logic [31:0] retire_pc, retire_opcode;
    logic        retire_is32, retire_cond;
    logic        mtb_ev_valid;
    logic [31:0] mtb_ev_src, mtb_ev_dst;
    logic        mtb_ev_a;
  } port_t;
  port_t tp_q, tp_d;
  typedef struct packed {
    logic        rf_we_a;
    logic [4:0]  rf_id_a;
    logic [31:0] rf_data_a;
    logic        rf_we_b;
    logic [4:0]  rf_id_b;
    logic [31:0] rf_data_b;
  } wport_t;
  wport_t wp_q, wp_d;

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
  logic [5:0] ipsr;  // IPSR (m0_exc)
  function automatic logic [31:0] mrs(input logic [7:0] sysm);
    unique case (sysm)
      SYSM_APSR, SYSM_EAPSR: return {arch_q.nzcv, 28'd0};   // EPSR reads as zero (MRS, B5.2.2)
      SYSM_IAPSR, SYSM_XPSR: return {arch_q.nzcv, 22'd0, ipsr};
      SYSM_IPSR, SYSM_IEPSR: return {26'd0, ipsr};
      SYSM_MSP: return (ipsr == 0 && arch_q.spsel) ? arch_q.sp_other : r_q[13];
      SYSM_PSP: return (ipsr == 0 && arch_q.spsel) ? r_q[13] : arch_q.sp_other;
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

  // the exception unit: what it decides for the states S_BOUNDARY, S_EXC_*, S_UNSTACK*, and what it asks the
  // controller to write
  logic        commit_last, svc, bx, bx_from_pop;
  logic [31:0] bx_target;
  bus_req_t    exc_bus;
  logic        exc_state_we, took_fault, took_invstate, ret_exc, ret_bad;
  state_e      exc_state;
  logic        enter, enter_stacked, enter_psp, restore, ret_psp;
  logic [4:0]  abandon_read;
  logic [31:0] enter_lr, frame_addr, restore_sp, restore_xpsr;
  logic [5:0]  enter_num;
  logic [31:0] frame [8];
  logic        exc_mtb_valid, exc_mtb_a;
  logic [31:0] exc_mtb_src, exc_mtb_dst;
  logic        vis_ret, vis_unstack, vis_ret_psp, vis_vec, vis_stacked;
  logic [31:0] vis_vec_lr;
  m0_exc #(
    .TailChain(TailChain), .LateArrival(LateArrival), .AbandonUnstack(AbandonUnstack),
    .VectorReadsData(VectorReadsData)
  ) u_exc (
    .clk, .rst_n, .state_q, .hready, .hresp, .hrdata,
    .irq_pending, .irq_prio, .nmi_pending, .pendsv_pending, .systick_pending, .pri_svcall, .pri_pendsv,
    .pri_systick, .vtor, .shcsr_we, .shcsr_svcallpended, .svc_pending_o, .svc_held,
    .r0(r_q[0]), .r1(r_q[1]), .r2(r_q[2]), .r3(r_q[3]), .r12(r_q[12]), .lr(r_q[14]), .sp(r_q[13]),
    .nzcv(arch_q.nzcv), .primask(arch_q.primask), .spsel(arch_q.spsel), .sp_other(arch_q.sp_other),
    .pc(ex_q.pc), .fault(ex_q.fault), .invstate(ex_q.invstate), .invstate_pc(ex_q.invstate_pc),
    .svc,
    .bx, .bx_target, .bx_from_pop, .pop_sp(mem_q.sp_new), .retire_ok(!ex_q.fault), .commit_last,
    .ipsr, .bus(exc_bus), .state_we(exc_state_we), .state_nxt(exc_state), .took_fault, .took_invstate,
    .ret_exc, .ret_bad, .enter, .enter_lr, .enter_stacked, .enter_psp, .frame_addr, .enter_num,
    .restore, .abandon_read, .frame, .restore_sp, .restore_xpsr, .ret_psp,
    .mtb_valid(exc_mtb_valid), .mtb_src(exc_mtb_src), .mtb_dst(exc_mtb_dst), .mtb_a(exc_mtb_a),
    .exc_valid, .exc_num, .exc_ret, .exc_choice, .clr_valid, .clr_num, .vis_ret, .vis_unstack,
    .vis_ret_psp, .vis_vec, .vis_vec_lr, .vis_stacked
  );

  // the bus request of each state: the address phase in the states S_*, the data phase in the *_D states
  always_comb begin
    bus = '{req: 1'b0, addr: ex_q.pc, write: 1'b0, size: 2'd1, data: 1'b0, wdata: 32'd0};
    unique case (state_q)
      S_RESET_SP: begin bus.req = 1'b1; bus.addr = 32'd0; bus.size = 2'd2; bus.data = VectorReadsData; end
      S_RESET_PC: begin bus.req = 1'b1; bus.addr = 32'd4; bus.size = 2'd2; bus.data = VectorReadsData; end
      S_FETCH:    begin bus.req = 1'b1; bus.addr = ex_q.pc; end
      S_FETCH2:   begin bus.req = 1'b1; bus.addr = ex_q.pc + 32'd2; end
      S_MEM: bus = '{req: 1'b1, addr: mem_q.addr, write: mem_q.write, size: mem_q.size, data: 1'b1, wdata: mem_q.wdata};
      S_UNSTACK, S_EXC_PUSH, S_EXC_VEC: bus = exc_bus;
      default: ;
    endcase
  end

  // ---- the memory sequence's data phases -------------------------------------------------------------------
  logic        mem_ph;         // a data phase of S_MEM_D completes this cycle
  logic        mem_last;       // ... the last one of the sequence
  logic [31:0] last;           // the last word of a memory sequence, as loaded
  assign mem_ph = (state_q == S_MEM_D) && hready;
  assign mem_last = mem_ph && !hresp && !(mem_q.i + 4'd1 < mem_q.n);
  assign last = mem_q.write ? 32'd0 : ld_data;
  assign commit_last = cq_q.i + 5'd1 >= cq_q.n;

  // BXWritePC (BX, POP {pc}): an exception return in handler mode (m0_exc decides), else interworking
  always_comb begin
    bx = 1'b0;
    bx_target = rm_val;
    bx_from_pop = 1'b0;
    if (state_q == S_EXEC && dec.insn == I_BX) bx = 1'b1;
    if (mem_last && mem_q.is_pop && mem_q.reglist[15]) begin bx = 1'b1; bx_target = last; bx_from_pop = 1'b1; end
  end

  // ---- loads and stores in S_EXEC: the address (A5.2.4) and the transfer list; an unaligned access, or a
  // multiple one from an unaligned base, faults before any bus access (ls_fault)
  mem_t ls;
  logic ls_op, ls_fault;
  always_comb begin
    logic [31:0] ad, base;
    logic w, sgn;
    logic [1:0] sz;
    logic [3:0] first;
    ad = 32'd0;
    base = 32'd0;
    w = 1'b0;
    sgn = 1'b0;
    sz = 2'd0;
    first = 4'd0;
    ls = '0;  // only S_EXEC's is used
    ls_op = 1'b0;
    ls_fault = 1'b0;
    if (state_q == S_EXEC) begin
      ls = mem_q;
      ls.is_pop = 1'b0;
      ls.is_push = 1'b0;
      ls.is_ldm = 1'b0;
      ls.is_stm = 1'b0;
      ls.i = 4'd0;
    end
    if (state_q == S_EXEC) unique case (dec.insn)
      // single loads and stores
      I_LDR_LIT, I_STR, I_STRH, I_STRB, I_LDR, I_LDRH, I_LDRB, I_LDRSB, I_LDRSH: begin
        ad = (dec.insn == I_LDR_LIT) ? {ex_q.pc[31:2] + 30'd1, 2'b00} + dec.imm32
                                     : rn_val + (dec.use_imm ? dec.imm32 : rm_val);
        w = dec.insn inside {I_STR, I_STRH, I_STRB};
        sgn = dec.insn inside {I_LDRSB, I_LDRSH};
        sz = (dec.insn inside {I_STRB, I_LDRB, I_LDRSB}) ? 2'd0 : (dec.insn inside {I_STRH, I_LDRH, I_LDRSH}) ? 2'd1 : 2'd2;
        ls_op = 1'b1;
        if ((sz == 2'd2 && ad[1:0] != 2'd0) || (sz == 2'd1 && ad[0])) begin
          ls_fault = 1'b1;
        end else begin
          ls.addr = ad;
          ls.write = w;
          ls.size = sz;
          ls.sgn = sgn;
          ls.rd = w ? 4'd0 : dec.rd;
          ls.wdata = w ? (sz == 2'd0 ? {4{r_q[dec.rd][7:0]}} : sz == 2'd1 ? {2{r_q[dec.rd][15:0]}} : r_q[dec.rd]) : 32'd0;
          ls.reglist = 16'd0;
          ls.n = 4'd1;
        end
      end
      // multiple loads and stores: ascending addresses; a base that is not word-aligned faults
      I_PUSH, I_POP, I_STM, I_LDM: begin
        base = (dec.insn == I_PUSH) ? r_q[13] - {26'd0, 4'($countones(dec.reglist)), 2'b00}
             : (dec.insn == I_POP) ? r_q[13] : r_q[dec.rn];
        if (dec.insn == I_PUSH) begin ls.is_push = 1'b1; ls.sp_new = base; end
        if (dec.insn == I_POP) begin
          ls.is_pop = 1'b1;
          ls.sp_new = r_q[13] + {26'd0, 4'($countones(dec.reglist)), 2'b00};
        end
        if (dec.insn inside {I_STM, I_LDM}) begin
          ls.ldm_base = dec.rn[2:0];
          ls.is_ldm = dec.insn == I_LDM;
          ls.is_stm = dec.insn == I_STM;
        end
        ls_op = 1'b1;
        if (base[1:0] != 2'd0) begin
          ls_fault = 1'b1;
        end else begin
          for (int b = 15; b >= 0; b--) if (dec.reglist[b]) first = 4'(b);
          ls.addr = base;
          ls.write = dec.insn inside {I_PUSH, I_STM};
          ls.size = 2'd2;
          ls.sgn = 1'b0;
          ls.reglist = dec.reglist;
          ls.n = 4'($countones(dec.reglist));
          ls.wdata = r_q[first];
        end
      end
      default: ;
    endcase
  end

  // ---- execute: what the decoded instruction (m0_decoder) does with the ALU's result (m0_alu); the controller
  // (ctrl) and the register file (regs) below carry it out
  // (what a struct would hold, as signals of their own: Verilator keeps each in a machine word)
  state_e      e_next;         // S_COMMIT, S_MEM, S_SEMI, or S_RETIRE (a fault)
  logic        e_fault;        // HardFault after the retire
  logic        e_cond_ok;
  logic        e_branched;     // a taken branch to e_next_pc
  logic [31:0] e_next_pc;
  logic        e_blx;          // BLXWritePC(e_blx_target)
  logic [31:0] e_blx_target;
  logic        e_wr;           // R[e_wr_reg] = e_wr_val (WritePC excluded; SP: WriteSP)
  logic [3:0]  e_wr_reg;
  logic [31:0] e_wr_val;
  logic        e_setf;         // N Z C V = e_setf_val (xPSR on port B when it changes)
  logic [3:0]  e_setf_val;
  logic        e_primask_we;   // CPS, MSR PRIMASK
  logic        e_primask;
  logic        e_sp_we;        // MSR MSP (e_sp_psp 0) or PSP (1): the stack pointer e_sp_val
  logic        e_sp_psp;
  logic [31:0] e_sp_val;
  logic        e_spsel_we;     // MSR CONTROL changes SPSEL in thread mode: the other stack pointer is in use
  logic        e_spsel;
  logic [31:0] v;  // R[n] of MSR
  assign v = r_q[dec.rn];
  always_comb begin
    e_next = S_COMMIT;
    e_fault = 1'b0;
    e_cond_ok = 1'b1;
    e_branched = 1'b0;
    e_next_pc = ex_q.pc + (ex_q.is32 ? 32'd4 : 32'd2);
    e_blx = 1'b0;
    e_blx_target = rm_val;
    e_wr = 1'b0;
    e_wr_reg = dec.rd;
    e_wr_val = alu.result;
    e_setf = 1'b0;
    e_setf_val = {alu.n, alu.z, alu.c, alu.v};
    e_primask_we = 1'b0;
    e_primask = dec.sysm[0];
    e_sp_we = 1'b0;
    e_sp_psp = 1'b0;
    e_sp_val = {v[31:2], 2'b00};
    e_spsel_we = 1'b0;
    e_spsel = v[1];
    svc = 1'b0;
    if (ls_op) begin e_fault = ls_fault; e_next = ls_fault ? S_RETIRE : S_MEM; end
    if (state_q == S_EXEC) unique case (dec.insn)
      // data processing that writes Rd and the flags
      I_LSL_IMM, I_LSR_IMM, I_ASR_IMM, I_ADD_REG, I_SUB_REG, I_ADD_IMM, I_SUB_IMM, I_MOV_IMM, I_AND, I_EOR,
      I_LSL_REG, I_LSR_REG, I_ASR_REG, I_ADC, I_SBC, I_ROR_REG, I_RSB, I_ORR, I_MUL, I_BIC, I_MVN: begin
        e_wr = 1'b1; e_setf = 1'b1;
      end
      // the flags only
      I_CMP_IMM, I_TST, I_CMP_REG, I_CMN, I_CMP_HI: e_setf = 1'b1;
      // no flags: a write to the PC is a branch (ADD PC: ALUWritePC; MOV PC: BranchWritePC, bit 0 ignored)
      I_ADD_HI: if (dec.rd == 4'd15) begin e_next_pc = alu.result & ~32'd1; e_branched = 1'b1; end
                else e_wr = 1'b1;
      I_MOV_HI: if (dec.rd == 4'd15) begin e_next_pc = {alu.result[31:1], 1'b0}; e_branched = 1'b1; end
                else e_wr = 1'b1;
      I_ADR, I_ADD_SP_IMM, I_SUB_SP_IMM, I_SXTH, I_SXTB, I_UXTH, I_UXTB, I_REV, I_REV16, I_REVSH: e_wr = 1'b1;
      I_BLX: begin
        e_wr = 1'b1; e_wr_reg = 4'd14; e_wr_val = ex_q.pc + 32'd3;
        e_blx = 1'b1;
      end
      I_CPS: e_primask_we = 1'b1;
      I_BKPT: if (dec.sysm == 8'hab) e_next = S_SEMI;  // semihosting
              else begin e_fault = 1'b1; e_next = S_RETIRE; end
      I_B_COND: if (!cond_pass(dec.cond, arch_q.nzcv)) e_cond_ok = 1'b0;
                else begin e_next_pc = ex_q.pc + 32'd4 + dec.imm32; e_branched = 1'b1; end
      I_SVC: svc = 1'b1;
      I_B: begin e_next_pc = ex_q.pc + 32'd4 + dec.imm32; e_branched = 1'b1; end
      I_BL: begin
        e_wr = 1'b1; e_wr_reg = 4'd14; e_wr_val = ex_q.pc + 32'd5;
        e_next_pc = ex_q.pc + 32'd4 + dec.imm32;
        e_branched = 1'b1;
      end
      I_MRS: begin e_wr = 1'b1; e_wr_val = mrs(dec.sysm); end
      I_MSR: begin
        unique case (dec.sysm)
          SYSM_APSR, SYSM_IAPSR, SYSM_EAPSR, SYSM_XPSR: begin e_setf = 1'b1; e_setf_val = v[31:28]; end  // the APSR only
          SYSM_MSP: e_sp_we = 1'b1;
          SYSM_PSP: begin e_sp_we = 1'b1; e_sp_psp = 1'b1; end
          SYSM_PRIMASK: begin e_primask_we = 1'b1; e_primask = v[0]; end
          SYSM_CONTROL: if (ipsr == 0 && v[1] != arch_q.spsel) e_spsel_we = 1'b1;
          default: ;
        endcase
      end
      I_UDF: begin e_fault = 1'b1; e_next = S_RETIRE; end  // HardFault after the retire
      default: ;  // BX (below), HINT, BARRIER; loads and stores (above)
    endcase
  end

  // ---- the controller: the state, the instruction in flight, the memory sequence, the retire and the MTB's events
  logic        blx;            // BLXWritePC: an interworking branch; bit 0 clear is an INVSTATE fault
  logic [31:0] blx_target;
  logic [15:0] h;              // the fetched halfword
  assign h = ex_q.pc[1] ? hrdata[31:16] : hrdata[15:0];
  // the sequence through the states (state_s, ex_s, tp_s: the next state, instruction and port as the sequence
  // alone would have them); below, what branches and m0_exc make of them
  state_e state_s;
  insn_t  ex_s;
  port_t  tp_s;
  logic   blx_s;           // S_EXEC's BLX
  always_comb begin
    state_s = state_q;
    ex_s = ex_q;
    mem_d = mem_q;
    ldbuf_d = ldbuf_q;
    tp_s = tp_q;
    tp_s.retire_valid = 1'b0;  // the strobes last one cycle
    tp_s.mtb_ev_valid = 1'b0;
    blx_s = 1'b0;

    unique case (state_q)
      // ---- reset: SP and PC from the vector table (not data beats: HPROT[0] = 0) ----
      S_RESET_SP: if (hready) state_s = S_RESET_SP_D;
      S_RESET_SP_D: if (hready) state_s = S_RESET_PC;
      S_RESET_PC: if (hready) state_s = S_RESET_PC_D;
      S_RESET_PC_D: if (hready) begin
        ex_s.pc = {hrdata[31:1], 1'b0};
        ex_s.invstate = !hrdata[0];
        ex_s.invstate_pc = {hrdata[31:1], 1'b0};
        state_s = S_RESET_DONE;
      end
      S_RESET_DONE: state_s = S_BOUNDARY;

      // ---- fetch: a halfword, and the second of a 32-bit instruction (a bus error: m0_exc takes HardFault) ----
      S_FETCH: if (hready) state_s = S_FETCH_D;
      S_FETCH_D: if (hready && !hresp) begin
        if (h[15:11] >= 5'b11101) begin  // the first halfword of a 32-bit instruction (A5.1)
          ex_s.op = {h, 16'd0};
          ex_s.is32 = 1'b1;
          state_s = S_FETCH2;
        end else begin
          ex_s.op = {16'd0, h};
          ex_s.is32 = 1'b0;
          state_s = S_EXEC;
        end
      end
      S_FETCH2: if (hready) state_s = S_FETCH2_D;
      S_FETCH2_D: if (hready && !hresp) begin
        ex_s.op[15:0] = ex_q.pc[1] ? hrdata[15:0] : hrdata[31:16];
        state_s = S_EXEC;
      end

      // ---- execute (e, above) ----
      S_EXEC: begin
        ex_s.cond_ok = e_cond_ok;
        ex_s.fault = e_fault;
        ex_s.branched = e_branched;
        ex_s.next_pc = e_next_pc;
        ex_s.xpsr_before = xpsr_of(arch_q.nzcv, ipsr);
        mem_d = ls;
        blx_s = e_blx;
        state_s = e_next;
      end

      // ---- memory: one transfer per address/data phase; the register writes of the last (regs, below) ----
      S_MEM: if (hready) state_s = S_MEM_D;
      S_MEM_D: if (mem_ph) begin
        if (hresp) begin
          ex_s.fault = 1'b1;
          state_s = S_RETIRE;
        end else begin
          if (!mem_q.write) ldbuf_d[mem_q.i] = ld_data;
          if (mem_q.i + 4'd1 < mem_q.n) begin
            mem_d.i = mem_q.i + 4'd1;
            mem_d.addr = mem_q.addr + 32'd4;
            mem_d.wdata = store_word(mem_q.reglist, mem_q.i + 4'd1, mem_q.wdata);
            state_s = S_MEM;
          end else begin
            state_s = (mem_q.write && !mem_q.is_push && !mem_q.is_stm) ? S_RETIRE : S_COMMIT;
          end
        end
      end

      // ---- commit (regs), semihosting, retire ----
      S_COMMIT: if (commit_last) state_s = S_RETIRE;
      S_SEMI: if (semihost_ack) state_s = S_COMMIT;
      S_RETIRE: begin
        tp_s.retire_valid = 1'b1;
        tp_s.retire_pc = ex_q.pc;
        tp_s.retire_opcode = ex_q.is32 ? ex_q.op : {16'd0, ex_q.op[15:0]};
        tp_s.retire_is32 = ex_q.is32;
        tp_s.retire_cond = ex_q.cond_ok;
        if (!ex_q.fault) begin
          ex_s.pc = ex_q.next_pc;
          if (ex_q.branched) begin
            tp_s.mtb_ev_valid = 1'b1;
            tp_s.mtb_ev_src = ex_q.pc;
            tp_s.mtb_ev_dst = ex_q.next_pc;
            tp_s.mtb_ev_a = 1'b0;
          end
        end
        state_s = S_SETTLE;
      end

      // one cycle for the retire to reach the SCS (SysTick counts it) before pending exceptions are looked at
      S_SETTLE: state_s = S_BOUNDARY;

      // between instructions, exception entry and return: m0_exc
      S_BOUNDARY: begin
        if (took_fault) ex_s.fault = 1'b0;
        if (took_invstate) ex_s.invstate = 1'b0;
      end
      S_UNSTACK, S_UNSTACK_D, S_EXC_PUSH, S_EXC_PUSH_D, S_EXC_VEC, S_EXC_VEC_D, S_EXC_COMMIT, S_LOCKUP, S_HALT: ;
      default: state_s = S_LOCKUP;
    endcase
  end

  always_comb begin
    state_d = state_s;
    ex_d = ex_s;
    tp_d = tp_s;
    blx = blx_s;
    blx_target = e_blx_target;
    // BXWritePC that is no exception return; an invalid EXC_RETURN faults
    if (bx && !ret_exc) begin
      blx = 1'b1;
      blx_target = bx_target;
    end
    if (ret_bad) begin
      ex_d.fault = 1'b1;
      state_d = S_RETIRE;
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
    // what m0_exc decides: the handler's address, the return address from the frame, the next state, the MTB's
    // packets of exception entry and return
    if (enter) ex_d.pc = {hrdata[31:1], 1'b0};
    if (restore) begin
      ex_d.next_pc = {frame[6][31:1], 1'b0};
      // EPSR.T from the frame (the xPSR word on the bus now): clear, the instruction returned to takes an INVSTATE
      // fault before it executes
      if (!hrdata[24]) begin
        ex_d.invstate = 1'b1;
        ex_d.invstate_pc = {frame[6][31:1], 1'b0};
      end
    end
    if (exc_state_we) state_d = exc_state;
    if (exc_mtb_valid) begin
      tp_d.mtb_ev_valid = 1'b1;
      tp_d.mtb_ev_src = exc_mtb_src;
      tp_d.mtb_ev_dst = exc_mtb_dst;
      tp_d.mtb_ev_a = exc_mtb_a;
    end
  end

  // ---- the register file and the special registers: what the instruction writes (e, the memory sequence's
  // last transfer, semihosting) or m0_exc (the registers from the frame, the handler's LR and SP)
  logic [31:0] lval [8];       // LDM/POP: the value loaded into each of r0-r7 (the last word as it arrives)
  logic        base_wb;        // STM, and LDM without its base in the list: the base is written back
  always_comb begin
    int k;
    k = 0;
    for (int b = 0; b < 8; b++) begin
      lval[b] = 32'd0;
      if (mem_last) lval[b] = (k == int'(mem_q.n) - 1) ? last : ldbuf_q[k];
      if (mem_q.reglist[b]) k++;
    end
  end
  assign base_wb = mem_q.is_stm || (mem_q.is_ldm && !mem_q.reglist[{1'b0, mem_q.ldm_base}]);
  logic psp_in_use;            // thread mode on PSP: r[13] is PSP
  assign psp_in_use = (ipsr == 6'd0) && arch_q.spsel;

  always_comb begin
    r_d = r_q;
    arch_d = arch_q;
    unique case (state_q)
      S_RESET_SP_D: if (hready) r_d[13] = {hrdata[31:2], 2'b00};
      S_EXEC: begin
        if (e_wr && e_wr_reg == 4'd13) r_d[13] = e_wr_val & ~32'd3;  // WriteSP: bits [1:0] read as zero
        else if (e_wr) r_d[e_wr_reg] = e_wr_val;
        if (e_setf) arch_d.nzcv = e_setf_val;
        if (e_primask_we) arch_d.primask = e_primask;
        if (e_sp_we) begin
          if (e_sp_psp == psp_in_use) r_d[13] = e_sp_val; else arch_d.sp_other = e_sp_val;
        end
        if (e_spsel_we) begin
          arch_d.spsel = e_spsel;
          r_d[13] = arch_q.sp_other;
          arch_d.sp_other = r_q[13];
        end
      end
      S_MEM_D: if (mem_last) begin
        if (!mem_q.write && !mem_q.is_pop && !mem_q.is_ldm) r_d[mem_q.rd] = last;
        for (int b = 0; b < 8; b++) if (mem_q.reglist[b] && (mem_q.is_pop || mem_q.is_ldm)) r_d[b] = lval[b];
        if (mem_q.is_pop || mem_q.is_push) r_d[13] = mem_q.sp_new;
        else if (base_wb) r_d[{1'b0, mem_q.ldm_base}] = mem_q.addr + 32'd4;
      end
      S_SEMI: if (semihost_ack && semihost_wr_r0) r_d[0] = semihost_r0;
      default: ;
    endcase
    // an invalid EXC_RETURN: the faulting instruction writes no register (a POP {..., pc} keeps its SP too, so
    // that the HardFault stacks below the SP it started with)
    if (ret_bad) r_d = r_q;
    // exception return: the registers from the frame
    if (restore) begin
      arch_d.nzcv = hrdata[31:28];
      r_d[0] = frame[0];
      r_d[1] = frame[1];
      r_d[2] = frame[2];
      r_d[3] = frame[3];
      r_d[12] = frame[4];
      r_d[14] = frame[5];
      if (ret_psp) begin
        arch_d.spsel = 1'b1;
        arch_d.sp_other = mem_q.is_pop ? mem_q.sp_new : r_q[13];
      end
      r_d[13] = restore_sp;
    end
    // an abandoned unstacking: r0-r3 and r12 as far as they were read (UNKNOWN to the architecture); the
    // tail-chained entry follows
    for (int i = 0; i < 4; i++) if (abandon_read[i]) r_d[i] = frame[i];
    if (abandon_read[4]) r_d[12] = frame[4];
    // the handler is entered: LR; after stacking, the handler on MSP (the frame went to the stack in use)
    if (enter) begin
      r_d[14] = enter_lr;
      if (enter_stacked) begin
        if (enter_psp) begin
          arch_d.sp_other = frame_addr;
          r_d[13] = arch_q.sp_other;
        end else begin
          r_d[13] = frame_addr;
        end
        arch_d.spsel = 1'b0;
      end
    end
  end

  // ---- the commit queue: the same register writes reported one per cycle on the trace port's port A (in the
  // model's order), the special register (xPSR, PRIMASK, CONTROL; when it changes) on port B
  // the queue as the instruction's own states fill it (cq_s, cq_id_s, cq_val_s); below, what an exception
  // return or entry and a CONTROL change make of it
  commit_t     cq_s;
  logic [4:0]  cq_id_s [17];
  logic [31:0] cq_val_s [17];
  always_comb begin
    int k;
    k = 0;
    cq_s = cq_q;
    cq_id_s = cq_id_q;
    cq_val_s = cq_val_q;
    wp_d = wp_q;
    wp_d.rf_we_a = 1'b0;       // the strobes last one cycle
    wp_d.rf_we_b = 1'b0;

    // one cycle of the commit queue: the next register write on port A, the special register on port B
    if (state_q == S_COMMIT || state_q == S_EXC_COMMIT) begin
      if (cq_q.i < cq_q.n) begin
        wp_d.rf_we_a = 1'b1;
        wp_d.rf_id_a = cq_id_q[cq_q.i];
        wp_d.rf_data_a = cq_val_q[cq_q.i];
        cq_s.i = cq_q.i + 5'd1;
      end
      if (cq_q.b_valid) begin
        wp_d.rf_we_b = 1'b1;
        wp_d.rf_id_b = cq_q.b_id;
        wp_d.rf_data_b = cq_q.b_val;
        cq_s.b_valid = 1'b0;
      end
    end

    unique case (state_q)
      S_RESET_PC_D: if (hready) begin  // the stack pointer read at reset
        wp_d.rf_we_a = 1'b1;
        wp_d.rf_id_a = REG_MSP;
        wp_d.rf_data_a = r_q[13];
      end
      S_EXEC: begin
        cq_s.n = 5'd0;
        cq_s.i = 5'd0;
        cq_s.b_valid = 1'b0;
        if (e_wr) begin
          cq_id_s[cq_q.n] = (e_wr_reg == 4'd13) ? sp_id(ipsr, arch_q.spsel) : {1'b0, e_wr_reg};
          cq_val_s[cq_q.n] = r_d[e_wr_reg];  // what the register holds: a port never corrects a value
          cq_s.n = cq_q.n + 5'd1;
        end
        if (e_sp_we) begin
          cq_id_s[cq_q.n] = e_sp_psp ? REG_PSP : REG_MSP;
          cq_val_s[cq_q.n] = (e_sp_psp == psp_in_use) ? r_d[13] : arch_d.sp_other;
          cq_s.n = cq_q.n + 5'd1;
        end
        if (e_setf && e_setf_val != arch_q.nzcv) begin
          cq_s.b_valid = 1'b1;
          cq_s.b_id = REG_XPSR;
          cq_s.b_val = xpsr_of(e_setf_val, ipsr);
        end
        if (e_primask_we && arch_q.primask != e_primask) begin
          cq_s.b_valid = 1'b1;
          cq_s.b_id = REG_PRIMASK;
          cq_s.b_val = {31'd0, e_primask};
        end
        if (e_spsel_we) begin
          cq_s.b_valid = 1'b1;
          cq_s.b_id = REG_CONTROL;
          cq_s.b_val = {30'd0, e_spsel, 1'b0};
        end
      end
      // the last transfer: the loaded registers (ascending), then the base or SP; a store writes none
      S_MEM_D: if (mem_ph) begin
        if (hresp) cq_s.n = 5'd0;
        else if (mem_last) begin
          cq_s.i = 5'd0;
          if (mem_q.write && !mem_q.is_push && !mem_q.is_stm) begin
            cq_s.n = 5'd0;
          end else if (!mem_q.is_pop && !mem_q.is_ldm && !mem_q.is_push && !mem_q.is_stm) begin
            cq_id_s[0] = {1'b0, mem_q.rd};
            cq_val_s[0] = last;
            cq_s.n = 5'd1;
          end else begin
            for (int b = 0; b < 8; b++) begin
              if (mem_q.reglist[b] && (mem_q.is_pop || mem_q.is_ldm)) begin
                cq_id_s[k] = 5'(b);
                cq_val_s[k] = lval[b];
              end
              if (mem_q.reglist[b]) k++;
            end
            if (mem_q.is_pop || mem_q.is_push) begin
              cq_id_s[(mem_q.is_pop || mem_q.is_ldm) ? k : 0] = sp_id(ipsr, arch_q.spsel);
              cq_val_s[(mem_q.is_pop || mem_q.is_ldm) ? k : 0] = mem_q.sp_new;
              cq_s.n = (mem_q.is_pop || mem_q.is_ldm) ? 5'(k + 1) : 5'd1;
            end else if (base_wb) begin
              cq_id_s[mem_q.is_ldm ? k : 0] = {2'b00, mem_q.ldm_base};
              cq_val_s[mem_q.is_ldm ? k : 0] = mem_q.addr + 32'd4;
              cq_s.n = mem_q.is_ldm ? 5'(k + 1) : 5'd1;
            end else begin
              cq_s.n = 5'(k);
            end
          end
        end
      end
      S_SEMI: if (semihost_ack && semihost_wr_r0) begin
        cq_id_s[cq_q.n] = 5'd0; cq_val_s[cq_q.n] = semihost_r0; cq_s.n = cq_q.n + 5'd1;
      end
      S_RETIRE: begin cq_s.n = 5'd0; cq_s.i = 5'd0; end
      S_EXC_COMMIT: if (commit_last) begin cq_s.n = 5'd0; cq_s.i = 5'd0; end
      default: ;
    endcase
  end

  always_comb begin
    int k;
    k = 0;
    cq_d = cq_s;
    cq_id_d = cq_id_s;
    cq_val_d = cq_val_s;
    // an invalid EXC_RETURN: the faulting instruction writes no register
    if (ret_bad) cq_d.n = 5'd0;

    // exception return: the POP's own loaded registers are already queued (cq_q.n of them), the restored ones
    // follow; the unstacked MSP supersedes the POP's own SP write
    if (restore) begin
      k = int'(cq_q.n);
      if (mem_q.is_pop && !ret_psp) k = k - 1;
      cq_id_d[k] = 5'd0;  cq_val_d[k] = frame[0];
      cq_id_d[k+1] = 5'd1; cq_val_d[k+1] = frame[1];
      cq_id_d[k+2] = 5'd2; cq_val_d[k+2] = frame[2];
      cq_id_d[k+3] = 5'd3; cq_val_d[k+3] = frame[3];
      cq_id_d[k+4] = 5'd12; cq_val_d[k+4] = frame[4];
      cq_id_d[k+5] = REG_LR; cq_val_d[k+5] = frame[5];
      cq_id_d[k+6] = ret_psp ? REG_PSP : REG_MSP; cq_val_d[k+6] = restore_sp;
      cq_d.n = 5'(k + 7);
      cq_d.i = 5'd0;
      if (restore_xpsr != ex_q.xpsr_before) begin
        cq_d.b_valid = 1'b1;
        cq_d.b_id = REG_XPSR;
        cq_d.b_val = restore_xpsr;
      end
    end

    // the handler is entered: LR (entry 0), after stacking the SP (entry 1) on the stack the frame went to; xPSR
    // on port B (m0_exc makes the exception active with the entry's report)
    if (enter) begin
      cq_id_d[0] = REG_LR;
      cq_val_d[0] = enter_lr;
      cq_d.n = 5'd1;
      cq_d.i = 5'd0;
      if (enter_stacked) begin
        cq_id_d[1] = enter_psp ? REG_PSP : REG_MSP;
        cq_val_d[1] = frame_addr;
        cq_d.n = 5'd2;
      end
      cq_d.b_valid = 1'b1;
      cq_d.b_id = REG_XPSR;
      cq_d.b_val = xpsr_of(arch_q.nzcv, enter_num);
    end

    // CONTROL changed by an exception entry (SPSEL cleared) or return (SPSEL from EXC_RETURN): no instruction
    // writes it there, the trace port reports it as any change of it (MSR CONTROL's goes on port B)
    if (arch_d.spsel != arch_q.spsel && state_q != S_EXEC) begin
      cq_id_d[cq_d.n] = REG_CONTROL;
      cq_val_d[cq_d.n] = {30'd0, arch_d.spsel, 1'b0};
      cq_d.n = cq_d.n + 5'd1;
    end
  end

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      state_q <= S_RESET_SP;
      for (int i = 0; i < 16; i++) r_q[i] <= (i == 14) ? LrReset : (i < 13) ? RReset : 32'd0;
      arch_q <= '0;
      arch_q.nzcv <= ApsrReset;
      ex_q <= '0;
      mem_q <= '0;
      for (int i = 0; i < 9; i++) ldbuf_q[i] <= 32'd0;
      cq_q <= '0;
      for (int i = 0; i < 17; i++) begin cq_id_q[i] <= 5'd0; cq_val_q[i] <= 32'd0; end
      tp_q <= '0;
      wp_q <= '0;
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
      tp_q <= tp_d;
      wp_q <= wp_d;
    end
  end

  // ---- outputs ----------------------------------------------------------------------------------------------
  assign retire_valid = tp_q.retire_valid;
  assign retire_pc = tp_q.retire_pc;
  assign retire_opcode = tp_q.retire_opcode;
  assign retire_is32 = tp_q.retire_is32;
  assign retire_cond = tp_q.retire_cond;
  assign rf_we_a = wp_q.rf_we_a;
  assign rf_id_a = wp_q.rf_id_a;
  assign rf_data_a = wp_q.rf_data_a;
  assign rf_we_b = wp_q.rf_we_b;
  assign rf_id_b = wp_q.rf_id_b;
  assign rf_data_b = wp_q.rf_data_b;
  assign mtb_ev_valid = tp_q.mtb_ev_valid;
  assign mtb_ev_src = tp_q.mtb_ev_src;
  assign mtb_ev_dst = tp_q.mtb_ev_dst;
  assign mtb_ev_a = tp_q.mtb_ev_a;
  assign ipsr_o = ipsr;

  // the visibility port: what the registers hold now (after a retire or exception entry: as it left them)
  always_comb begin
    for (int i = 0; i < 15; i++) vis_regs[i] = r_q[i];
    vis_regs[REG_PC] = 32'd0;
    vis_regs[REG_XPSR] = xpsr_of(arch_q.nzcv, ipsr);
    vis_regs[REG_MSP] = psp_in_use ? arch_q.sp_other : r_q[13];
    vis_regs[REG_PSP] = psp_in_use ? r_q[13] : arch_q.sp_other;
    vis_regs[REG_PRIMASK] = {31'd0, arch_q.primask};
    vis_regs[REG_CONTROL] = {30'd0, arch_q.spsel, 1'b0};
  end

  // The Cortex-M0 visibility port, with the timing vis_timing selects (m0_vis)
  m0_vis u_vis (
    .clk, .rst_n, .timing(vis_timing), .state_q, .r(r_q[0:14]), .msp(vis_regs[REG_MSP]), .psp(vis_regs[REG_PSP]),
    .nzcv(arch_q.nzcv), .primask(arch_q.primask), .spsel(arch_q.spsel), .ipsr, .pc(ex_q.pc),
    .link(dec.insn inside {I_BL, I_BLX} && state_q inside {S_COMMIT, S_RETIRE}), .ret(vis_ret), .unstack(vis_unstack), .restore,
    .ret_psp(vis_ret_psp),
    .vec(vis_vec), .vec_num(enter_num), .vec_lr(vis_vec_lr), .stacked(vis_stacked), .frame_addr,
    .frame_psp(enter_psp), .vis_r0_o, .vis_r1_o, .vis_r2_o, .vis_r3_o, .vis_r4_o, .vis_r5_o, .vis_r6_o, .vis_r7_o,
    .vis_r8_o, .vis_r9_o, .vis_r10_o, .vis_r11_o, .vis_r12_o, .vis_r14_o, .vis_msp_o, .vis_psp_o, .vis_pc_o,
    .vis_apsr_o, .vis_ipsr_o, .vis_control_o, .vis_primask_o
  );

  assign semihost_op = r_q[0];
  assign semihost_arg = r_q[1];
  assign semihost_req = (state_q == S_SEMI);
  assign halted = (state_q == S_HALT) || (state_q == S_SEMI);
  assign lockup = (state_q == S_LOCKUP);

  // bits that are not used by design (named "unused" for Verilator's lint)
  logic unused;
  assign unused = ^{r_q[15]};

endmodule
