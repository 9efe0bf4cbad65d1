// The visibility-port adapter (dpi/CHECKING_YOUR_CORE.md, "Cortex-M0 and Cortex-M0+"): a core that shows its
// registers and the PC of the instruction in execute every cycle, as Arm's Cortex-M0 does on its vis_*_o outputs,
// but no retire strobe, no register write and no exception report, drives the trace port (armv6m_trace_if) through
// it: the adapter derives each retire, exception entry and register snapshot from the moves of the PC, takes each
// instruction's opcode from the core's own fetches on its AHB-Lite port. The testbench passes the bus to the trace
// port as for any core (beat_data = hprot[0]: Cortex-M0 marks opcode fetches with HPROT[0] = 0, loads, stores and
// vector reads with 1); the lockstep monitor checks the port in snapshot mode (armv6m_lockstep_monitor SNAPSHOT=1).
//
// What a move of the visible PC from o to n (sampled at two edges in a row) means:
//   - n is the next instruction, IPSR unchanged: o retired. A conditional branch's condition is read from the
//     flags (B<cond> does not change them); a retire is reported only for an o the core fetched (the PC's moves
//     out of reset are not instructions).
//   - IPSR changed to an exception not active and a frame was stacked (MSP or PSP down by 32 or more): exception
//     entry, return address o (the PC parks there while the core stacks). An instruction that faults keeps the PC
//     through the stacking: its HardFault is reported as an entry at its own address, and the checker takes the
//     golden's faulting instruction with it (dpi/README.md, "Register values").
//   - n >= 0xF0000000 (an EXC_RETURN value: Cortex-M0 shows 0xFFFFFFF8 while it unstacks): o is an exception
//     return. When the PC moves on, into the context the return restores (IPSR 0 or an exception still active),
//     o retires with the unstacked registers; into an exception not active, the return tail-chained into it (or
//     abandoned its unstacking for it, a late arrival): o retires with its own registers, then the entry, whose
//     return address is the EXC_RETURN value in LR. The same without the marker (o -> a handler, IPSR changed, no
//     frame stacked) is a tail-chain too.
// Timing rules of the core, as parameters (Cortex-M0's values by default):
//   SpLag    cycles after the PC moved on at an exception return until MSP and PSP show the new values
//   LrLag    cycles after the PC moved on after BL or BLX until LR shows the return address
//   IpsrLag  cycles after the PC moved to a handler until IPSR shows the exception
//   Shown    the registers the core shows, a bit per register id (dpi/include/tarmac/regs.h): r0-r12, LR, xPSR,
//            MSP, PSP, PRIMASK, CONTROL; the checker lists the others as never shown
//   FetchWords  fetched words remembered for the opcodes (a core that fetches further ahead needs more)
// CONTROL: Cortex-M0's vis_control_o is the stored SPSEL, which the architecture reads as 0 in Handler mode; the
// snapshot has CONTROL.SPSEL = vis_control in Thread mode, 0 in Handler mode. xPSR: the flags, T = 1 and IPSR.
// An instruction that branches to itself (B .) leaves the PC where it is: its retires cannot be seen.
module armv6m_vis_adapter #(
  parameter int unsigned SpLag = 1,
  parameter int unsigned LrLag = 1,
  parameter int unsigned IpsrLag = 0,
  parameter logic [20:0] Shown = 21'h1F_5FFF,
  parameter int unsigned FetchWords = 8
) (
  input  logic        clk,
  input  logic        rst_n,
  // the visibility port (Cortex-M0's vis_*_o)
  input  logic [31:0] vis_r0, vis_r1, vis_r2, vis_r3, vis_r4, vis_r5, vis_r6, vis_r7, vis_r8, vis_r9, vis_r10,
  input  logic [31:0] vis_r11, vis_r12, vis_r14,
  input  logic [29:0] vis_msp,       // SP[31:2]
  input  logic [29:0] vis_psp,
  input  logic [30:0] vis_pc,        // PC[31:1]
  input  logic [3:0]  vis_apsr,
  input  logic [5:0]  vis_ipsr,
  input  logic        vis_control,
  input  logic        vis_primask,
  // the core's AHB-Lite master port, as the memories answer it (the opcodes of the fetches)
  input  logic [31:0] haddr,
  input  logic [1:0]  htrans,
  input  logic        hwrite,
  input  logic [2:0]  hsize,
  input  logic        hprot0,        // HPROT[0]: 0 an opcode fetch
  input  logic [31:0] hrdata,
  input  logic        hready,
  input  logic        hresp,
  armv6m_trace_if.adapter tp
);
  // D: the edges a move waits for the lagging registers (at least one, so that the samples after it are registers)
  localparam int unsigned D1 = SpLag > LrLag ? SpLag : LrLag;
  localparam int unsigned D2 = D1 > IpsrLag ? D1 : IpsrLag;
  localparam int unsigned D = D2 > 0 ? D2 : 1;
  localparam int unsigned QDepth = 4;   // closes waiting for the trace port: at most two a cycle, one goes out

  // one cycle of the visibility port
  typedef struct packed {
    logic [12:0][31:0] r;
    logic [31:0] lr, msp, psp, pc;
    logic [3:0]  apsr;
    logic [5:0]  ipsr;
    logic        control, primask;
  } sample_t;
  // a close for the trace port: an instruction's retire or an exception entry, and the registers it left (the
  // lagging ones taken from later samples)
  typedef struct packed {
    logic        exc;              // 0 retire, 1 exception entry
    logic [31:0] pc, opcode;       // retire
    logic        is32, cond;
    logic [5:0]  num;              // entry
    logic [31:0] ret;
    sample_t     regs;
  } close_t;

  sample_t now;
  assign now = '{r: {vis_r12, vis_r11, vis_r10, vis_r9, vis_r8, vis_r7, vis_r6, vis_r5, vis_r4, vis_r3, vis_r2,
                     vis_r1, vis_r0},
                 lr: vis_r14, msp: {vis_msp, 2'b00}, psp: {vis_psp, 2'b00}, pc: {vis_pc, 1'b0}, apsr: vis_apsr,
                 ipsr: vis_ipsr, control: vis_control, primask: vis_primask};

  // smp_q[k]: the sample k edges ago; a move between D + 1 and D edges ago is read now, with the lagging
  // registers of the samples after it (the wide values are never a function's: Verilator clears those at every
  // edge)
  sample_t smp_q [1:D+1];
  logic [D+1:1] smp_valid_q;
  logic [5:0]  ipsr_after, ipsr_before;  // IPSR IpsrLag edges after the move, and the edge before that
  logic [31:0] msp_after, psp_after;     // the stack pointers SpLag edges after it
  logic [31:0] lr_after;                 // LR LrLag edges after it
  assign ipsr_before = smp_q[D - IpsrLag + 1].ipsr;
  if (IpsrLag == D) begin : g_ipsr_now
    assign ipsr_after = now.ipsr;
  end else begin : g_ipsr_held
    assign ipsr_after = smp_q[D - IpsrLag].ipsr;
  end
  if (SpLag == D) begin : g_sp_now
    assign {msp_after, psp_after} = {now.msp, now.psp};
  end else begin : g_sp_held
    assign {msp_after, psp_after} = {smp_q[D - SpLag].msp, smp_q[D - SpLag].psp};
  end
  if (LrLag == D) begin : g_lr_now
    assign lr_after = now.lr;
  end else begin : g_lr_held
    assign lr_after = smp_q[D - LrLag].lr;
  end

  // ---- the opcodes: the words of the last fetches (HPROT[0] = 0), with a valid bit per halfword ----
  logic [31:2] fw_addr [FetchWords];
  logic [31:0] fw_data [FetchWords];
  logic [1:0]  fw_half [FetchWords];
  logic [$clog2(FetchWords > 1 ? FetchWords : 2)-1:0] fw_next;
  logic        dp_fetch;              // the data phase under way is an opcode fetch
  logic [31:1] dp_addr;
  logic [2:0]  dp_size;

  // the halfword at address {a, 0}, if fetched
  function automatic logic half_at(input logic [31:1] a, output logic [15:0] h);
    for (int i = 0; i < FetchWords; i++)
      if (fw_addr[i] == a[31:2] && fw_half[i][a[1]]) begin
        h = a[1] ? fw_data[i][31:16] : fw_data[i][15:0];
        return 1'b1;
      end
    h = 16'd0;
    return 1'b0;
  endfunction

  // the instruction at {pc, 0} as the core fetched it: 0 when it did not (the opcode as the trace port has it)
  function automatic logic opcode_at(input logic [31:1] pc, output logic [31:0] op, output logic is32);
    logic [15:0] h1, h2;
    op = 32'd0;
    is32 = 1'b0;
    if (!half_at(pc, h1)) return 1'b0;
    if (h1[15:11] < 5'b11101) begin
      op = {16'd0, h1};
      return 1'b1;
    end
    if (!half_at(pc + 31'd1, h2)) return 1'b0;
    op = {h1, h2};
    is32 = 1'b1;
    return 1'b1;
  endfunction

  // ConditionPassed for B<cond> T1 (A6.3.1) with the flags it saw; 1 for every other instruction (op: the
  // first halfword's upper byte)
  function automatic logic cond_passed(input logic [7:0] op, input logic is32, input logic [3:0] f);
    logic n, z, c, v;
    {n, z, c, v} = f;
    if (is32 || op[7:4] != 4'b1101 || op[3:1] == 3'b111) return 1'b1;
    unique case (op[3:0])
      4'h0: return z;
      4'h1: return !z;
      4'h2: return c;
      4'h3: return !c;
      4'h4: return n;
      4'h5: return !n;
      4'h6: return v;
      4'h7: return !v;
      4'h8: return c && !z;
      4'h9: return !c || z;
      4'hA: return n == v;
      4'hB: return n != v;
      4'hC: return !z && n == v;
      4'hD: return z || n != v;
      default: return 1'b1;
    endcase
  endfunction

  // BL or BLX (register): LR lags the PC (the first halfword's upper 9 bits; of the second, bits 15, 14, 12)
  function automatic logic links(input logic [8:0] h1, input logic [2:0] h2, input logic is32);
    return is32 ? h1[8:4] == 5'b11110 && h2 == 3'b111 : h1 == 9'b0100_0111_1;
  endfunction

  // an exception entry stacked a frame: MSP or PSP went down by 32 bytes or more
  function automatic logic stacked(input logic [31:0] msp0, input logic [31:0] psp0, input logic [31:0] msp1,
                                   input logic [31:0] psp1);
    return msp0 - msp1 >= 32'd32 && msp0 - msp1 < 32'h1000_0000 || psp0 - psp1 >= 32'd32 && psp0 - psp1 < 32'h1000_0000;
  endfunction

  // ---- the state the moves are read with ----
  logic [47:0] active_q;               // exceptions active, by number, as the entries and returns have shown
  logic        ret_q;                  // an exception return is under way (the PC shows the EXC_RETURN marker)
  logic [31:0] ret_pc_q, ret_op_q;
  logic        ret_is32_q, ret_known_q;
  logic [5:0]  ret_from_q;             // the exception it returns from
  sample_t     ret_smp_q;              // the registers after its own writes (LR after BL/BLX)
  close_t      q_q [QDepth];
  logic [$clog2(QDepth):0] q_n_q;
  close_t      c [2];                  // this edge's closes (module level: see smp_q)
  close_t      hd;                     // the close that goes to the trace port

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      smp_valid_q <= '0;
      for (int k = 1; k <= D + 1; k++) smp_q[k] <= '0;
      for (int i = 0; i < FetchWords; i++) begin
        fw_addr[i] <= '0;
        fw_data[i] <= 32'd0;
        fw_half[i] <= 2'b00;
      end
      fw_next <= '0;
      dp_fetch <= 1'b0;
      dp_addr <= '0;
      dp_size <= 3'd0;
      active_q <= '0;
      ret_q <= 1'b0;
      ret_pc_q <= 32'd0;
      ret_op_q <= 32'd0;
      ret_is32_q <= 1'b0;
      ret_known_q <= 1'b0;
      ret_from_q <= 6'd0;
      ret_smp_q <= '0;
      for (int i = 0; i < QDepth; i++) q_q[i] <= '0;
      q_n_q <= '0;
      tp.retire_valid <= 1'b0;
      tp.exc_valid <= 1'b0;
    end else begin
      /* verilator lint_off BLKSEQ */  // c: this edge's
      int          nc;
      logic [31:0] o, op;
      logic        is32, found;
      logic [5:0]  m;
      logic [47:0] active;

      // the fetch whose data phase completes now: its word becomes the newest entry (in place of the oldest),
      // with the halfwords fetched before
      if (hready) begin
        if (dp_fetch) begin
          logic [1:0] lanes, kept;
          logic [31:0] data;
          int old;
          lanes = dp_size == 3'd1 ? (dp_addr[1] ? 2'b10 : 2'b01) : 2'b11;
          old = -1;
          for (int i = 0; i < FetchWords; i++) if (fw_addr[i] == dp_addr[31:2] && fw_half[i] != 2'b00) old = i;
          kept = old < 0 ? 2'b00 : fw_half[old];
          data = old < 0 ? 32'd0 : fw_data[old];
          for (int b = 0; b < 2; b++) if (lanes[b]) data[16*b +: 16] = hrdata[16*b +: 16];
          if (old >= 0) fw_half[old] <= 2'b00;
          fw_addr[fw_next] <= dp_addr[31:2];
          fw_data[fw_next] <= data;
          fw_half[fw_next] <= hresp ? kept & ~lanes : kept | lanes;   // a fetch that failed has no opcode
          fw_next <= int'(fw_next) == FetchWords - 1 ? '0 : fw_next + 1'b1;
        end
        dp_fetch <= htrans[1] && !hwrite && !hprot0;
        dp_addr <= haddr[31:1];
        dp_size <= hsize;
      end

      smp_q[1] <= now;
      for (int k = 2; k <= D + 1; k++) smp_q[k] <= smp_q[k-1];
      smp_valid_q <= (smp_valid_q << 1) | (D+1)'(1);

      // the PC moved from o (at t - 1) to smp_q[D].pc (at t), or IPSR changed with the PC parked (an exception
      // entered between two instructions whose handler is the instruction it parked on: IRQs that share one)
      nc = 0;
      active = active_q;
      o = smp_q[D+1].pc;
      m = ipsr_after;
      if (smp_valid_q[D+1] && (o != smp_q[D].pc || ipsr_before != ipsr_after)) begin
        if (o[31:28] != 4'hF && smp_q[D].pc[31:28] == 4'hF) begin
          // the PC shows an EXC_RETURN value: an exception return leaves o; its registers, and its opcode, now
          ret_q <= 1'b1;
          ret_pc_q <= o;
          ret_known_q <= opcode_at(o[31:1], op, is32);
          ret_op_q <= op;
          ret_is32_q <= is32;
          ret_from_q <= smp_q[D+1].ipsr;
          ret_smp_q <= smp_q[D];
          if (links(is32 ? op[31:23] : op[15:7], {op[15:14], op[12]}, is32)) ret_smp_q.lr <= lr_after;
        end else if (o[31:28] == 4'hF && smp_q[D].pc[31:28] != 4'hF) begin
          ret_q <= 1'b0;
          c[0] = '0;
          c[0].pc = ret_pc_q;
          c[0].opcode = ret_op_q;
          c[0].is32 = ret_is32_q;
          c[0].cond = 1'b1;
          c[1] = '0;
          c[1].exc = 1'b1;
          c[1].num = m;
          c[1].regs = smp_q[D];
          c[1].regs.ipsr = m;
          if (ret_q && ret_known_q && stacked(ret_smp_q.msp, ret_smp_q.psp, smp_q[D].msp, smp_q[D].psp)) begin
            // not a return: a branch to that address (BLX in a handler), whose fetch faulted
            c[0].regs = ret_smp_q;
            c[1].ret = o;
            active[m] = 1'b1;
            nc = 2;
          end else if (ret_q && ret_known_q) begin
            active[ret_from_q] = 1'b0;
            if (m == 6'd0 || active[m]) begin      // returned: o retires with the unstacked registers
              c[0].regs = smp_q[D];
              nc = 1;
            end else begin                         // tail-chained into m
              c[0].regs = ret_smp_q;
              c[1].ret = smp_q[D].lr;
              active[m] = 1'b1;
              nc = 2;
            end
            {c[0].regs.msp, c[0].regs.psp, c[1].regs.msp, c[1].regs.psp} = {msp_after, psp_after, msp_after, psp_after};
          end
        end else if (o[31:28] != 4'hF) begin
          found = opcode_at(o[31:1], op, is32);
          c[0] = '0;
          c[0].pc = o;
          c[0].opcode = op;
          c[0].is32 = is32;
          c[0].cond = 1'b1;
          c[1] = '0;
          c[1].exc = 1'b1;
          c[1].num = m;
          c[1].regs = smp_q[D];
          c[1].regs.ipsr = m;
          if (m != smp_q[D+1].ipsr && m != 6'd0 && !active[m] &&
              stacked(smp_q[D+1].msp, smp_q[D+1].psp, smp_q[D].msp, smp_q[D].psp)) begin
            // entry: the return address is where the PC parked
            c[0] = c[1];
            c[0].ret = o;
            active[m] = 1'b1;
            nc = 1;
          end else if (m != smp_q[D+1].ipsr && m != 6'd0 && !active[m] && found && o != smp_q[D].pc) begin
            // tail-chained without the marker: o retires with the registers before the entry
            c[0].regs = smp_q[D+1];
            {c[0].regs.msp, c[0].regs.psp, c[1].regs.msp, c[1].regs.psp} = {msp_after, psp_after, msp_after, psp_after};
            c[1].ret = smp_q[D].lr;
            active[smp_q[D+1].ipsr] = 1'b0;
            active[m] = 1'b1;
            nc = 2;
          end else if (found && o != smp_q[D].pc) begin
            // o retired (an exception return without the marker: into IPSR 0 or an active exception)
            c[0].cond = cond_passed(op[15:8], is32, smp_q[D].apsr);
            c[0].regs = smp_q[D];
            if (m != smp_q[D+1].ipsr) begin
              active[smp_q[D+1].ipsr] = 1'b0;
              c[0].regs.ipsr = m;
              {c[0].regs.msp, c[0].regs.psp} = {msp_after, psp_after};
            end
            if (links(is32 ? op[31:23] : op[15:7], {op[15:14], op[12]}, is32)) c[0].regs.lr = lr_after;
            nc = 1;
          end
        end
      end
      if (nc != 0) active_q <= active;

      // the queue: this edge's closes behind the waiting ones; the first goes to the trace port
      if (nc != 0 || q_n_q != 0) begin
        int n;
        n = int'(q_n_q);
        if (n + nc - 1 > int'(QDepth)) $fatal(1, "armv6m_vis_adapter: more than %0d closes waiting", QDepth);
        hd = n != 0 ? q_q[0] : c[0];
        for (int i = 0; i < int'(QDepth); i++)
          if (i + 1 < n + nc) q_q[i] <= i + 1 < n ? q_q[(i + 1) % QDepth] : c[(i + 1 - n) % 2];
        q_n_q <= $bits(q_n_q)'(n + nc - 1);
        tp.retire_valid <= !hd.exc;
        tp.exc_valid <= hd.exc;
        tp.retire_pc <= hd.pc;
        tp.retire_opcode <= hd.opcode;
        tp.retire_is32 <= hd.is32;
        tp.retire_cond <= hd.cond;
        tp.exc_num <= hd.num;
        tp.exc_ret <= hd.ret;
        // the snapshot by register id: xPSR of the flags, T and IPSR; CONTROL.SPSEL reads 0 in Handler mode
        for (int i = 0; i < 13; i++) tp.snap_regs[i] <= hd.regs.r[i];
        tp.snap_regs[13] <= 32'd0;
        tp.snap_regs[14] <= hd.regs.lr;
        tp.snap_regs[15] <= 32'd0;
        tp.snap_regs[16] <= {hd.regs.apsr, 3'b000, 1'b1, 18'd0, hd.regs.ipsr};
        tp.snap_regs[17] <= hd.regs.msp;
        tp.snap_regs[18] <= hd.regs.psp;
        tp.snap_regs[19] <= {31'd0, hd.regs.primask};
        tp.snap_regs[20] <= {30'd0, hd.regs.control && hd.regs.ipsr == 6'd0, 1'b0};
      end else begin
        tp.retire_valid <= 1'b0;
        tp.exc_valid <= 1'b0;
      end
      /* verilator lint_on BLKSEQ */
    end
  end

  // the registers shown, no write ports, no choice signal
  assign tp.snap_shown = Shown;
  assign tp.wr_valid[0] = 1'b0;
  assign tp.wr_id[0] = 5'd0;
  assign tp.wr_data[0] = 32'd0;
  assign tp.exc_choice = 1'b0;

  // bits not used by design: the opcodes come from halfword-aligned fetches; a close's PC is not a register
  logic unused;
  assign unused = ^{haddr[0], htrans[0], hd.regs.pc};
endmodule
