// m0_exc: the core's exception unit (ARM ARM B1.5): the exception state (IPSR, the active exceptions, SVCall
// pending), the priorities and the choice at each instruction boundary, and the sequences of exception entry
// (stacking the 8-word frame, the vector read), exception return (the unstacking), tail-chaining and late arrival
// (model/ARCHITECTURE.md), and with AbandonUnstack the unstacking abandoned for a tail-chain. Two processes: the
// next state in always_comb, always_ff only latches it: the exception state, the entry in progress and the return
// in progress each have their always_comb.
// The controller (m0_core) runs the states S_EXC_*, S_UNSTACK* and S_BOUNDARY with what this unit decides: the
// next state (state_we/state_nxt), the bus request of those states, and what the controller writes into its own
// registers: the handler's entry (enter: LR, PC, SP), the registers restored from the frame (restore), the
// instruction's fault from a bad EXC_RETURN (ret_bad). The trace port's exception report, the SCS's clear and the
// choice strobe are this unit's registered outputs.
//   TailChain:   an exception return enters a preempting pending exception without unstacking
//   LateArrival: an exception arriving while another is entered is taken instead
//   AbandonUnstack: an exception arriving during an exception return's unstacking is tail-chained on the frame
//                   (after any read of the frame but the last; the registers read so far are the controller's)
//   VectorReadsData: the vector read is marked as data (HPROT[0] = 1), as Arm's Cortex-M0 makes it
module m0_exc
  import m0_pkg::*;
#(
  parameter bit TailChain = 1'b0,
  parameter bit LateArrival = 1'b0,
  parameter bit AbandonUnstack = 1'b0,
  parameter bit VectorReadsData = 1'b0
) (
  input  logic        clk,
  input  logic        rst_n,
  input  state_e      state_q,         // the controller's state
  input  logic        hready,          // the bus's data phase
  input  logic        hresp,
  input  logic [31:0] hrdata,
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
  output logic        svc_pending_o,   // SVCall pending, for SHCSR.SVCALLPENDED
  input  logic        svc_held,        // ... but held from being taken (a software pend before its barrier)
  // the controller's registers: what an entry stacks and where a return unstacks from
  input  logic [31:0] r0, r1, r2, r3, r12, lr,  // the registers a frame holds
  input  logic [31:0] sp,              // the stack pointer in use
  input  logic [3:0]  nzcv,
  input  logic        primask,
  input  logic        spsel,
  input  logic [31:0] sp_other,
  // the instruction in flight
  input  logic [31:0] pc,              // its address: the return address of a fault or of a boundary's entry
  input  logic        fault,           // it faulted: HardFault at the boundary
  input  logic        invstate,        // an interworking branch to an even address: HardFault at the boundary
  input  logic [31:0] invstate_pc,
  input  logic        svc,             // SVC executes: SVCall becomes pending
  input  logic        bx,              // BXWritePC (BX, POP {pc}) this cycle
  input  logic [31:0] bx_target,
  input  logic        bx_from_pop,     // its frame starts at the SP after the POP
  input  logic [31:0] pop_sp,          // the SP after the POP
  input  logic        retire_ok,       // the instruction retires without a fault (S_RETIRE)
  input  logic        commit_last,     // the commit queue reports its last write this cycle
  // to the controller
  output logic [5:0]  ipsr,
  output bus_req_t    bus,             // the request of S_UNSTACK, S_EXC_PUSH, S_EXC_VEC
  output logic        state_we,        // the next state is state_nxt
  output state_e      state_nxt,
  output logic        took_fault,      // the boundary takes the instruction's fault: clear it
  output logic        took_invstate,   // ... its INVSTATE fault
  output logic        ret_exc,         // bx is an exception return (not an interworking branch)
  output logic        ret_bad,         // ... with an invalid EXC_RETURN: the instruction faults
  output logic        enter,           // the vector was read: LR = enter_lr, PC = the vector
  output logic [31:0] enter_lr,
  output logic        enter_stacked,   // ... after stacking: SP = frame_addr on the stack it went to, SPSEL 0
  output logic        enter_psp,       // the frame went to PSP
  output logic [31:0] frame_addr,
  output logic [5:0]  enter_num,       // the exception entered: the new IPSR
  output logic        restore,         // the last unstacking read: the registers from the frame
  output logic [4:0]  abandon_read,    // the unstacking stops for a tail-chain: r0, r1, r2, r3, r12 read so far
  output logic [31:0] frame [8],       // the frame as read (the word of this cycle's read included)
  output logic [31:0] restore_sp,      // the SP after the frame
  output logic [31:0] restore_xpsr,    // the xPSR returned to
  output logic        ret_psp,         // the return goes to thread mode on PSP
  output logic        mtb_valid,       // an MTB packet of an exception entry or return
  output logic [31:0] mtb_src,
  output logic [31:0] mtb_dst,
  output logic        mtb_a,
  // trace port and SCS (registered)
  output logic        exc_valid,
  output logic [5:0]  exc_num,
  output logic [31:0] exc_ret,
  output logic        exc_choice,      // 1 the cycle after the core chose to take an exception (live mode)
  output logic        clr_valid,       // exception entry: clear the pending state of clr_num
  output logic [5:0]  clr_num,
  // Cortex-M0's visibility port (m0_core): an exception return under way, from its unstacking (a tail-chain: from
  // its retire) until the PC is the return address or the chained handler's (the port shows PC 0xFFFFFFF8)
  output logic        vis_ret,
  output logic        vis_unstack,     // ... and it unstacks (no tail-chain), to Thread mode on PSP: vis_ret_psp
  output logic        vis_ret_psp,
  output logic        vis_vec,         // an entry's vector read is under way, of enter_num ...
  output logic [31:0] vis_vec_lr,      // ... whose LR will be this
  output logic        vis_stacked      // an entry's first stacking write's address phase is over
);

  // ---- the registers: *_q latched, *_d the next value (always_comb) ------------------------------------------
  // the exception state (B1.5.2, B1.5.4)
  typedef struct packed {
    logic [5:0]  ipsr;
    logic [47:0] active;       // by exception number
    logic        svc_pending;
    logic        svc_insn;     // an SVC pended it: if it cannot be taken at the boundary, it escalates
  } exc_t;
  exc_t es_q, es_d;

  // the entry in progress: the frame stacked (highest address first), the vector read, LR/SP/xPSR committed
  typedef struct packed {
    logic [5:0]  n;            // the exception being entered
    logic [31:0] ret_addr;     // its return address (a tail-chain's: the EXC_RETURN value)
    logic [31:0] frame_addr;
    logic [2:0]  push_i;       // the frame word being stacked
    logic        from_thread, on_psp;
    logic        tail;         // tail-chained: no stacking, LR = the return's EXC_RETURN
  } entry_t;
  entry_t en_q, en_d;
  // the frame: r0, r1, r2, r3, r12, lr, return address, xPSR; as an entry stacks it, or as an unstacking reads it
  logic [31:0] frame_q [8], frame_d [8];

  // the return in progress: the frame unstacked, or kept for a tail-chain
  typedef struct packed {
    logic        returning;    // the instruction in flight returns from an exception (its MTB packets)
    logic [31:0] return_val;   // EXC_RETURN of the return
    logic        ret_to_thread, ret_to_psp;
    logic [31:0] unstack_base;
    logic [2:0]  pop_i;        // the frame word being unstacked
    logic        tail_pend;    // the return did not unstack: tail-chain at the boundary
    logic [5:0]  tail_num;     // the exception chosen as the return executed
    logic [1:0]  mtb_pending;  // its second MTB packet is still to be written
  } return_t;
  return_t rt_q, rt_d;

  // the trace port's exception report and the SCS's clear, and the choice strobe (registered outputs)
  typedef struct packed {
    logic        exc_valid;
    logic [5:0]  exc_num;
    logic [31:0] exc_ret;
    logic        clr_valid;
    logic [5:0]  clr_num;
  } port_t;
  port_t tp_q, tp_d;
  logic choice_q, choice_d;

  // ---- priorities (B1.5.4, levels of m0_pkg's prio_t) ---------------------------------------------------------
  // by exception number, the numbers that are no exception PRIO_NONE; the loops below read them by constant
  // index (a function of the number would be evaluated at run time, once per number and loop), and only the
  // numbers of m0_pkg's EXC_TAKEN
  prio_t prio [EXC_COUNT];
  always_comb begin
    for (int n = 0; n < EXC_COUNT; n++) if (!EXC_TAKEN[n]) prio[n] = PRIO_NONE;
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
    for (int n = 1; n < EXC_COUNT; n++) if (EXC_TAKEN[n])
      if (es_q.active[n] && prio[n] < exec_prio) exec_prio = prio[n];
    if (primask && exec_prio > PRIO_0) exec_prio = PRIO_0;
  end

  // the execution priority once the active exception (IPSR) has returned: what a tail-chain must preempt (only
  // a core with TailChain or AbandonUnstack looks at it)
  prio_t exec_prio_ret;
  always_comb begin
    exec_prio_ret = PRIO_NONE;
    if (TailChain || AbandonUnstack) begin
      for (int n = 1; n < EXC_COUNT; n++) if (EXC_TAKEN[n])
        if (es_q.active[n] && n != int'(es_q.ipsr) && prio[n] < exec_prio_ret) exec_prio_ret = prio[n];
      if (primask && exec_prio_ret > PRIO_0) exec_prio_ret = PRIO_0;
    end
  end

  // the pending exception of the highest priority, the lowest number among equals
  logic [EXC_COUNT-1:0] pending;
  always_comb begin
    pending = '0;
    pending[EXC_NMI] = nmi_pending;
    pending[EXC_SVCALL] = es_q.svc_pending && !svc_held;
    pending[EXC_PENDSV] = pendsv_pending;
    pending[EXC_SYSTICK] = systick_pending;
    pending[EXC_COUNT-1:EXC_IRQ0] = irq_pending;
  end
  logic [5:0] pend_num;
  prio_t      pend_prio;
  always_comb begin
    pend_num = 6'd0;
    pend_prio = PRIO_NONE;
    for (int n = 2; n < EXC_COUNT; n++) if (EXC_TAKEN[n])
      if (pending[n] && prio[n] < pend_prio) begin
        pend_prio = prio[n];
        pend_num = 6'(n);
      end
  end

  // the bus request of the exception states: the address phases (their data phases hold it)
  always_comb begin
    bus = '{req: 1'b0, addr: 32'd0, write: 1'b0, size: 2'd2, data: 1'b1, wdata: 32'd0};
    unique case (state_q)
      S_UNSTACK: bus = '{req: 1'b1, addr: rt_q.unstack_base + {27'd0, rt_q.pop_i, 2'b00}, write: 1'b0, size: 2'd2,
                         data: 1'b1, wdata: 32'd0};
      S_EXC_PUSH: bus = '{req: 1'b1, addr: en_q.frame_addr + {27'd0, en_q.push_i, 2'b00}, write: 1'b1, size: 2'd2,
                          data: 1'b1, wdata: frame_q[en_q.push_i]};
      S_EXC_VEC: bus = '{req: 1'b1, addr: {vtor[31:7], 7'd0} + {24'd0, en_q.n, 2'b00}, write: 1'b0, size: 2'd2,
                         data: VectorReadsData, wdata: 32'd0};
      default: ;
    endcase
  end

  // ---- at an instruction boundary (and at a fetch's bus error): what is taken next -----------------------------
  logic        take;           // exception entry: stack the frame of exception take_num, return address take_ret
  logic [5:0]  take_num;
  logic [31:0] take_ret;
  logic        chain;          // the exception return kept its frame: enter chain_num on it (tail-chaining)
  logic [5:0]  chain_num;
  logic        mtb_second;     // first the exception return's second MTB packet
  logic        svc_escalate;   // an SVC that cannot be taken: HardFault
  always_comb begin
    take = 1'b0;
    take_num = EXC_HARDFAULT;
    take_ret = pc;
    chain = 1'b0;
    // late arrival: the highest pending at the chained entry (the return's own SysTick count may have pended
    // SysTick), else the one chosen as the return executed
    chain_num = LateArrival ? pend_num : rt_q.tail_num;
    mtb_second = 1'b0;
    svc_escalate = 1'b0;
    took_fault = 1'b0;
    took_invstate = 1'b0;
    if ((state_q == S_FETCH_D || state_q == S_FETCH2_D) && hready && hresp) take = 1'b1;  // HardFault at the fetch
    if (state_q == S_BOUNDARY) begin
      if (rt_q.mtb_pending != 2'd0) mtb_second = 1'b1;
      else if (fault) begin took_fault = 1'b1; take = 1'b1; end
      else if (invstate) begin took_invstate = 1'b1; take = 1'b1; take_ret = invstate_pc; end
      else if (rt_q.tail_pend) chain = 1'b1;
      else if (es_q.svc_pending && es_q.svc_insn && !(prio[EXC_SVCALL] < exec_prio)) begin
        svc_escalate = 1'b1;
        take = 1'b1;
      end
      else if (pend_num != 6'd0 && pend_prio < exec_prio) begin take = 1'b1; take_num = pend_num; end
    end
  end

  // ---- exception return (B1.5.8): BXWritePC in handler mode with EXC_RETURN; an invalid one faults -------------
  logic ret_tail;  // a tail-chain, decided as the return executes (before its SysTick count): no unstacking
  logic preempts_ret;  // a pending exception preempts the context being returned to
  logic abandon;       // AbandonUnstack: it arrived during the unstacking
  always_comb begin
    preempts_ret = pend_num != 6'd0 && pend_prio < exec_prio_ret;
    ret_exc = bx && es_q.ipsr != 6'd0 && bx_target[31:28] == 4'hf;
    ret_bad = ret_exc && bx_target != EXC_RETURN_HANDLER && bx_target != EXC_RETURN_THREAD &&
              bx_target != EXC_RETURN_PSP;
    ret_tail = ret_exc && !ret_bad && TailChain && preempts_ret;
    // late arrival during the unstacking: after a read of the frame but the last
    abandon = AbandonUnstack && state_q == S_UNSTACK_D && hready && rt_q.pop_i != 3'd7 && preempts_ret;
    for (int i = 0; i < 5; i++) abandon_read[i] = abandon && 3'(i) <= rt_q.pop_i;
  end

  // the return's sequence: a tail-chain leaves the frame where it is, else the frame is unstacked from the stack
  // EXC_RETURN names (the controller restores the registers from it); its two MTB packets
  logic        ret_state_we;
  state_e      ret_state;
  logic        ret_mtb_valid, ret_mtb_a;
  logic [31:0] ret_mtb_src, ret_mtb_dst;
  always_comb begin
    rt_d = rt_q;
    ret_state_we = 1'b0;
    ret_state = S_UNSTACK;
    restore = 1'b0;
    ret_mtb_valid = 1'b0;
    ret_mtb_src = pc;
    ret_mtb_dst = rt_q.return_val;
    ret_mtb_a = 1'b0;
    unique case (state_q)
      S_EXEC: rt_d.returning = 1'b0;
      S_UNSTACK: if (hready) begin ret_state_we = 1'b1; ret_state = S_UNSTACK_D; end
      S_UNSTACK_D: if (hready) begin
        ret_state_we = 1'b1;
        if (abandon) begin
          // the frame stays where it is for the exception that arrived: the return commits and retires as a
          // tail-chained one (its own registers), the boundary chains (below)
          ret_state = S_COMMIT;
        end else if (rt_q.pop_i != 3'd7) begin
          rt_d.pop_i = rt_q.pop_i + 3'd1;
          ret_state = S_UNSTACK;
        end else begin
          restore = 1'b1;
          ret_state = S_COMMIT;
        end
      end
      // the first packet with the return's retire, the second at the boundary after it (or a tail-chain's entry)
      S_RETIRE: if (retire_ok && rt_q.returning) begin
        ret_mtb_valid = 1'b1;
        rt_d.mtb_pending = rt_q.tail_pend ? 2'd0 : 2'd1;  // a tail-chain's entry writes the second packet
      end
      S_BOUNDARY: begin
        if (mtb_second) begin
          ret_mtb_valid = 1'b1;
          ret_mtb_src = rt_q.return_val | 32'd1;
          ret_mtb_dst = pc;
          ret_mtb_a = 1'b1;
          rt_d.mtb_pending = 2'd0;
        end
        if (chain) rt_d.tail_pend = 1'b0;
      end
      default: ;
    endcase
    if (ret_exc && !ret_bad) begin
      rt_d.returning = 1'b1;
      rt_d.return_val = bx_target;
      if (!ret_tail) begin
        rt_d.ret_to_thread = bx_target != EXC_RETURN_HANDLER;
        rt_d.ret_to_psp = bx_target == EXC_RETURN_PSP;
        rt_d.unstack_base = (bx_target == EXC_RETURN_PSP) ? sp_other : (bx_from_pop ? pop_sp : sp);
        rt_d.pop_i = 3'd0;
        ret_state_we = 1'b1;
      end
    end
    // a tail-chain: decided as the return executes, or arriving during its unstacking
    if (ret_tail || abandon) begin
      rt_d.tail_pend = 1'b1;
      rt_d.tail_num = pend_num;
    end
  end

  // ---- exception entry (B1.5.6): the 8-word frame at the stack in use, aligned to 8 bytes (bit 9 of the
  // stacked xPSR records the realignment), the vector, then LR/SP/xPSR (the controller's commit queue); a
  // tail-chained entry reads the vector only
  logic        ent_state_we;
  state_e      ent_state;
  logic        entered;        // the entry's report: the exception becomes active
  logic        align;          // the stack pointer an entry stacks on is not 8-byte aligned: the frame is realigned
  assign align = sp[2];
  always_comb begin
    en_d = en_q;
    tp_d = tp_q;
    tp_d.exc_valid = 1'b0;     // the strobes last one cycle
    tp_d.clr_valid = 1'b0;
    ent_state_we = 1'b0;
    ent_state = S_EXC_COMMIT;
    enter = 1'b0;
    enter_lr = en_q.ret_addr;
    enter_stacked = 1'b0;
    entered = 1'b0;
    if (chain) begin
      en_d.n = chain_num;
      en_d.ret_addr = rt_q.return_val;
      en_d.tail = 1'b1;
    end
    unique case (state_q)
      S_EXC_PUSH: if (hready) begin ent_state_we = 1'b1; ent_state = S_EXC_PUSH_D; end
      S_EXC_PUSH_D: if (hready) begin
        ent_state_we = 1'b1;
        if (hresp) ent_state = S_LOCKUP;
        else if (en_q.push_i == 3'd0) ent_state = S_EXC_VEC;
        else begin
          en_d.push_i = en_q.push_i - 3'd1;
          ent_state = S_EXC_PUSH;
        end
      end
      S_EXC_VEC: if (hready) begin ent_state_we = 1'b1; ent_state = S_EXC_VEC_D; end
      S_EXC_VEC_D: if (hready) begin
        ent_state_we = 1'b1;
        if (hresp) begin
          // late arrival: a HardFault that preempts the context being left is taken instead, with the frame
          // already stacked; en_q.n stays pending
          if (LateArrival && en_q.n != EXC_HARDFAULT && exec_prio >= PRIO_0) begin
            en_d.n = EXC_HARDFAULT;
            ent_state = S_EXC_VEC;
          end else begin
            ent_state = S_LOCKUP;
          end
        end else if (en_q.tail) begin
          // tail-chained: the frame stays stacked, the stack pointers and SPSEL (clear in handler mode) stay
          enter = 1'b1;
          en_d.tail = 1'b0;
        end else begin
          // the frame went to the stack in use; the handler runs on MSP
          enter = 1'b1;
          enter_lr = !en_q.from_thread ? EXC_RETURN_HANDLER : (en_q.on_psp ? EXC_RETURN_PSP : EXC_RETURN_THREAD);
          enter_stacked = 1'b1;
        end
      end
      S_EXC_COMMIT: if (commit_last) begin
        // the exception becomes active and the SCS clears its pending state at the edge of the entry's report: an
        // interrupt input the SCS samples before it merges with the pending state the entry takes, one at that
        // edge or after it pends again (the checker's rule, dpi/README.md "Live mode")
        entered = 1'b1;
        tp_d.clr_valid = 1'b1;
        tp_d.clr_num = en_q.n;
        tp_d.exc_valid = 1'b1;
        tp_d.exc_num = en_q.n;
        tp_d.exc_ret = en_q.ret_addr;
        ent_state_we = 1'b1;
        ent_state = S_BOUNDARY;
      end
      default: ;
    endcase
    if (take) begin
      en_d.n = take_num;
      en_d.ret_addr = take_ret;
      en_d.from_thread = (es_q.ipsr == 6'd0);
      en_d.on_psp = (es_q.ipsr == 6'd0) && spsel;
      en_d.frame_addr = (sp - 32'd32) & ~32'd7;
      en_d.push_i = 3'd7;
    end
  end

  // the frame an entry is to stack, from the registers at its choice; the words an unstacking reads
  always_comb begin
    frame_d = frame_q;
    if (take) begin
      frame_d[0] = r0;
      frame_d[1] = r1;
      frame_d[2] = r2;
      frame_d[3] = r3;
      frame_d[4] = r12;
      frame_d[5] = lr;
      frame_d[6] = take_ret;
      // EPSR.T as it is: clear for an INVSTATE fault (an interworking branch to an even address, an even reset
      // vector), so that a return to the frame without setting it faults again
      frame_d[7] = (xpsr_of(nzcv, es_q.ipsr) & ~(took_invstate ? 32'h0100_0000 : 32'h0)) | (align ? 32'h200 : 32'h0);
    end
    if (state_q == S_UNSTACK_D && hready) frame_d[rt_q.pop_i] = hrdata;
  end

  // ---- the exception state, and the next state of the controller's states this unit runs -----------------------
  always_comb begin
    es_d = es_q;
    // SVCall pended by an SVC (escalated at the boundary if it cannot be taken), or by SHCSR (then it waits)
    if (shcsr_we) es_d.svc_pending = shcsr_svcallpended;
    if (svc) begin
      es_d.svc_pending = 1'b1;
      es_d.svc_insn = 1'b1;
    end
    if (state_q == S_BOUNDARY && !mtb_second) es_d.svc_insn = 1'b0;
    if (svc_escalate) es_d.svc_pending = 1'b0;
    // an exception return: the returning exception ends as a tail-chain is decided, or after the unstacking
    if (ret_tail || abandon) es_d.active[es_q.ipsr] = 1'b0;
    if (restore) begin
      es_d.active[es_q.ipsr] = 1'b0;
      es_d.ipsr = rt_q.ret_to_thread ? 6'd0 : hrdata[5:0];
    end
    if (entered) begin
      es_d.ipsr = en_q.n;
      es_d.active[en_q.n] = 1'b1;
      if (en_q.n == EXC_SVCALL) es_d.svc_pending = 1'b0;
    end

    state_we = 1'b0;
    state_nxt = state_q;
    if (state_q == S_BOUNDARY) begin
      state_we = 1'b1;
      state_nxt = mtb_second ? S_BOUNDARY : chain ? S_EXC_VEC : S_FETCH;
    end
    if (ret_state_we) begin state_we = 1'b1; state_nxt = ret_state; end
    if (ent_state_we) begin state_we = 1'b1; state_nxt = ent_state; end
    // a fault in HardFault or NMI locks up instead
    if (take) begin
      state_we = 1'b1;
      state_nxt = (take_num == EXC_HARDFAULT && exec_prio < PRIO_0) ? S_LOCKUP : S_EXC_PUSH;
    end

    // the choice of an exception: a frame prepared to stack (its push counter starts at 7) or an exception
    // return that holds a tail-chain; the checker's live mode takes the interrupt inputs as they were then
    choice_d = (en_d.push_i == 3'd7 && en_q.push_i != 3'd7) || (rt_d.tail_pend && !rt_q.tail_pend);
  end

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      es_q <= '0;
      en_q <= '0;
      rt_q <= '0;
      for (int i = 0; i < 8; i++) frame_q[i] <= 32'd0;
      tp_q <= '0;
      choice_q <= 1'b0;
    end else begin
      es_q <= es_d;
      en_q <= en_d;
      rt_q <= rt_d;
      frame_q <= frame_d;
      tp_q <= tp_d;
      choice_q <= choice_d;
    end
  end

  // ---- outputs ----------------------------------------------------------------------------------------------
  assign ipsr = es_q.ipsr;
  assign enter_psp = en_q.on_psp;
  assign frame_addr = en_q.frame_addr;
  assign enter_num = en_q.n;
  assign frame = frame_d;
  // the stacked xPSR (hrdata at the last read): bit 9 undoes the frame's realignment; its reserved bits are ignored
  assign restore_sp = rt_q.unstack_base + 32'd32 + (hrdata[9] ? 32'd4 : 32'd0);
  assign svc_pending_o = es_q.svc_pending;
  assign restore_xpsr = xpsr_of(hrdata[31:28], rt_q.ret_to_thread ? 6'd0 : hrdata[5:0]);
  assign ret_psp = rt_q.ret_to_psp;
  assign mtb_valid = ret_mtb_valid || entered;
  assign mtb_src = entered ? en_q.ret_addr | 32'd1 : ret_mtb_src;
  assign mtb_dst = entered ? pc : ret_mtb_dst;
  assign mtb_a = entered ? 1'b1 : ret_mtb_a;
  assign exc_valid = tp_q.exc_valid;
  assign exc_num = tp_q.exc_num;
  assign exc_ret = tp_q.exc_ret;
  assign exc_choice = choice_q;
  assign vis_ret = (rt_q.returning && state_q inside {S_UNSTACK, S_UNSTACK_D, S_COMMIT, S_RETIRE}) || rt_q.tail_pend
                   || (en_q.tail && state_q inside {S_EXC_VEC, S_EXC_VEC_D});
  assign vis_unstack = rt_q.returning && !rt_q.tail_pend && state_q inside {S_UNSTACK, S_UNSTACK_D, S_COMMIT, S_RETIRE};
  assign vis_ret_psp = rt_q.ret_to_psp;
  assign vis_vec = state_q inside {S_EXC_VEC, S_EXC_VEC_D};
  assign vis_vec_lr = en_q.tail ? en_q.ret_addr
                    : !en_q.from_thread ? EXC_RETURN_HANDLER : en_q.on_psp ? EXC_RETURN_PSP : EXC_RETURN_THREAD;
  assign vis_stacked = !en_q.tail && (state_q inside {S_EXC_PUSH_D, S_EXC_VEC, S_EXC_VEC_D}
                                      || state_q == S_EXC_PUSH && en_q.push_i != 3'd7);
  assign clr_valid = tp_q.clr_valid;
  assign clr_num = tp_q.clr_num;

  logic unused;
  assign unused = ^{vtor[6:0]};

endmodule
