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
  localparam int unsigned D = SpLag > LrLag ? (SpLag > IpsrLag ? SpLag : IpsrLag) : (LrLag > IpsrLag ? LrLag : IpsrLag);
  localparam int unsigned QDepth = 4;   // closes waiting for the trace port: at most two a cycle, one goes out

  // one cycle of the visibility port
  typedef struct packed {
    logic [12:0][31:0] r;
    logic [31:0] lr, msp, psp, pc;
    logic [3:0]  apsr;
    logic [5:0]  ipsr;
    logic        control, primask;
  } sample_t;
  // a close for the trace port
  typedef struct packed {
    logic        exc;              // 0 retire, 1 exception entry
    logic [31:0] pc, opcode;       // retire
    logic        is32, cond;
    logic [5:0]  num;              // entry
    logic [31:0] ret;
    logic [20:0][31:0] regs;       // the snapshot, by register id
  } close_t;

  sample_t now;
  assign now = '{r: {vis_r12, vis_r11, vis_r10, vis_r9, vis_r8, vis_r7, vis_r6, vis_r5, vis_r4, vis_r3, vis_r2,
                     vis_r1, vis_r0},
                 lr: vis_r14, msp: {vis_msp, 2'b00}, psp: {vis_psp, 2'b00}, pc: {vis_pc, 1'b0}, apsr: vis_apsr,
                 ipsr: vis_ipsr, control: vis_control, primask: vis_primask};

  // smp[k]: the sample k edges ago (smp[0] this edge's); the move at t = D edges ago is classified now, with the
  // samples of the lagging registers after it
  sample_t smp_q [1:D+1];
  logic [D+1:1] smp_valid_q;
  function automatic sample_t smp_at(input int unsigned k);
    return k == 0 ? now : smp_q[k];
  endfunction

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

  // the snapshot: the registers of s, with LR and the stack pointers given (from other samples)
  /* verilator lint_off UNUSEDSIGNAL */  // the PC, LR and stack pointers of s
  function automatic logic [20:0][31:0] regs_of(input sample_t s, input logic [31:0] lr, input logic [31:0] msp,
                                                input logic [31:0] psp);
    logic [20:0][31:0] g;
    g = '0;
    for (int i = 0; i < 13; i++) g[i] = s.r[i];
    g[14] = lr;
    g[16] = {s.apsr, 3'b000, 1'b1, 18'd0, s.ipsr};
    g[17] = msp;
    g[18] = psp;
    g[19] = {31'd0, s.primask};
    g[20] = {30'd0, s.control && s.ipsr == 6'd0, 1'b0};
    return g;
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  // an exception entry stacked a frame between samples a and b: MSP or PSP went down by 32 bytes or more
  /* verilator lint_off UNUSEDSIGNAL */  // the registers but the stack pointers
  function automatic logic stacked(input sample_t a, input sample_t b);
    return a.msp - b.msp >= 32'd32 && a.msp - b.msp < 32'h1000_0000
        || a.psp - b.psp >= 32'd32 && a.psp - b.psp < 32'h1000_0000;
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  // ---- the state the moves are read with ----
  logic [47:0] active_q;               // exceptions active, by number, as the entries and returns have shown
  logic        ret_q;                  // an exception return is under way (the PC shows the EXC_RETURN marker)
  logic [31:0] ret_pc_q, ret_op_q;
  logic        ret_is32_q, ret_known_q;
  logic [5:0]  ret_from_q;             // the exception it returns from
  sample_t     ret_smp_q;              // the registers after its own writes
  close_t      q_q [QDepth];
  logic [$clog2(QDepth):0] q_n_q;

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
      sample_t s, p, ip;
      /* verilator lint_off UNUSEDSIGNAL */
      sample_t t;                // a lagging register's sample
      /* verilator lint_on UNUSEDSIGNAL */
      logic [31:0] lr, sp_msp, sp_psp;
      close_t  c [2];
      int      nc, k;
      logic [31:0] o, op;
      logic        marker;         // the PC moved to an EXC_RETURN value
      logic        is32, found;
      logic [5:0]  m;
      logic [47:0] active;
      close_t      q [QDepth];
      int          qn;

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
      for (k = 2; k <= D + 1; k++) smp_q[k] <= smp_q[k-1];
      smp_valid_q <= (smp_valid_q << 1) | (D+1)'(1);

      // the PC moved at t (D edges ago): what it means, with the samples of the lagging registers after t
      nc = 0;
      active = active_q;
      // the PC moved at t; or IPSR changed with the PC parked (an exception entered between two instructions,
      // whose handler is the instruction it parked on: IRQs that share one)
      s = smp_at(D);
      ip = smp_at(D - IpsrLag);
      t = smp_at(D - IpsrLag + 1);
      if (smp_valid_q[D+1] && (smp_q[D+1].pc != s.pc || t.ipsr != ip.ipsr)) begin
        p = smp_q[D+1];
        t = smp_at(D - SpLag);
        sp_msp = t.msp;
        sp_psp = t.psp;
        t = smp_at(D - LrLag);
        lr = t.lr;
        o = p.pc;
        marker = s.pc[31:28] == 4'hF;
        m = ip.ipsr;
        c[0] = '0;
        c[1] = '0;
        if (o[31:28] != 4'hF && marker) begin
          // an exception return leaves o: its registers, and its opcode, now
          ret_q <= 1'b1;
          ret_pc_q <= o;
          ret_known_q <= opcode_at(o[31:1], op, is32);
          ret_op_q <= op;
          ret_is32_q <= is32;
          ret_from_q <= p.ipsr;
          ret_smp_q <= s;
          if (links(is32 ? op[31:23] : op[15:7], {op[15:14], op[12]}, is32)) ret_smp_q.lr <= lr;
        end else if (o[31:28] == 4'hF && !marker) begin
          ret_q <= 1'b0;
          if (ret_q && ret_known_q && stacked(ret_smp_q, s)) begin
            // not a return: a branch to that address (BLX in a handler), whose fetch faulted
            c[0] = '{exc: 1'b0, pc: ret_pc_q, opcode: ret_op_q, is32: ret_is32_q, cond: 1'b1, num: 6'd0,
                     ret: 32'd0, regs: regs_of(ret_smp_q, ret_smp_q.lr, ret_smp_q.msp, ret_smp_q.psp)};
            c[1] = '{exc: 1'b1, pc: 32'd0, opcode: 32'd0, is32: 1'b0, cond: 1'b0, num: m, ret: o,
                     regs: regs_of(ip, s.lr, s.msp, s.psp)};
            active[m] = 1'b1;
            nc = 2;
          end else if (ret_q && ret_known_q) begin
            active[ret_from_q] = 1'b0;
            if (m == 6'd0 || active[m]) begin      // returned: o retires with the unstacked registers
              c[0] = '{exc: 1'b0, pc: ret_pc_q, opcode: ret_op_q, is32: ret_is32_q, cond: 1'b1, num: 6'd0,
                       ret: 32'd0, regs: regs_of(s, s.lr, sp_msp, sp_psp)};
              nc = 1;
            end else begin                         // tail-chained into m
              c[0] = '{exc: 1'b0, pc: ret_pc_q, opcode: ret_op_q, is32: ret_is32_q, cond: 1'b1, num: 6'd0,
                       ret: 32'd0, regs: regs_of(ret_smp_q, ret_smp_q.lr, sp_msp, sp_psp)};
              c[1] = '{exc: 1'b1, pc: 32'd0, opcode: 32'd0, is32: 1'b0, cond: 1'b0, num: m, ret: s.lr,
                       regs: regs_of(ip, s.lr, sp_msp, sp_psp)};
              active[m] = 1'b1;
              nc = 2;
            end
          end
        end else if (o[31:28] != 4'hF) begin
          found = opcode_at(o[31:1], op, is32);
          if (m != p.ipsr && m != 6'd0 && !active[m] && stacked(p, s)) begin
            // entry: the return address is where the PC parked
            c[0] = '{exc: 1'b1, pc: 32'd0, opcode: 32'd0, is32: 1'b0, cond: 1'b0, num: m, ret: o,
                     regs: regs_of(ip, s.lr, s.msp, s.psp)};
            active[m] = 1'b1;
            nc = 1;
          end else if (m != p.ipsr && m != 6'd0 && !active[m] && found && o != s.pc) begin
            // tail-chained without the marker: o retires with the registers before the entry
            c[0] = '{exc: 1'b0, pc: o, opcode: op, is32: is32, cond: 1'b1, num: 6'd0, ret: 32'd0,
                     regs: regs_of(p, p.lr, sp_msp, sp_psp)};
            c[1] = '{exc: 1'b1, pc: 32'd0, opcode: 32'd0, is32: 1'b0, cond: 1'b0, num: m, ret: s.lr,
                     regs: regs_of(ip, s.lr, sp_msp, sp_psp)};
            active[p.ipsr] = 1'b0;
            active[m] = 1'b1;
            nc = 2;
          end else if (found && o != s.pc) begin
            // o retired (an exception return without the marker: into IPSR 0 or an active exception)
            if (m != p.ipsr) active[p.ipsr] = 1'b0;
            if (links(is32 ? op[31:23] : op[15:7], {op[15:14], op[12]}, is32)) s.lr = lr;
            c[0] = '{exc: 1'b0, pc: o, opcode: op, is32: is32, cond: cond_passed(op[15:8], is32, s.apsr), num: 6'd0,
                     ret: 32'd0, regs: regs_of(m != p.ipsr ? ip : s, s.lr, m != p.ipsr ? sp_msp : s.msp,
                                               m != p.ipsr ? sp_psp : s.psp)};
            nc = 1;
          end
        end
      end
      if (nc != 0) active_q <= active;

      // the queue: this edge's closes behind the waiting ones; the first goes to the trace port
      if (nc != 0 || q_n_q != 0) begin
        q = q_q;
        qn = int'(q_n_q);
        for (int i = 0; i < nc; i++) begin
          if (qn == int'(QDepth)) $fatal(1, "armv6m_vis_adapter: more than %0d closes waiting", QDepth);
          q[qn] = c[i];
          qn++;
        end
        tp.retire_valid <= !q[0].exc;
        tp.exc_valid <= q[0].exc;
        tp.retire_pc <= q[0].pc;
        tp.retire_opcode <= q[0].opcode;
        tp.retire_is32 <= q[0].is32;
        tp.retire_cond <= q[0].cond;
        tp.exc_num <= q[0].num;
        tp.exc_ret <= q[0].ret;
        for (int i = 0; i < 21; i++) tp.snap_regs[i] <= q[0].regs[i];
        for (int i = 0; i + 1 < QDepth; i++) q[i] = q[i+1];
        q_q <= q;
        q_n_q <= $bits(q_n_q)'(qn - 1);
      end else begin
        tp.retire_valid <= 1'b0;
        tp.exc_valid <= 1'b0;
      end
    end
  end

  // the registers shown, no write ports, no choice signal
  assign tp.snap_shown = Shown;
  assign tp.wr_valid[0] = 1'b0;
  assign tp.wr_id[0] = 5'd0;
  assign tp.wr_data[0] = 32'd0;
  assign tp.exc_choice = 1'b0;

  logic unused;  // bits not used by design (the opcodes come from halfword-aligned fetches)
  assign unused = ^{haddr[0], htrans[0]};
endmodule
