// The lockstep monitor for any ARMv6-M core that drives armv6m_trace_if (dpi/CHECKING_YOUR_CORE.md): turns the
// trace port into checker calls (dpi/tarmac_chk_pkg.sv) in the order dpi/README.md gives: register writes, bus
// beats and MTB packets, then the retire / exception that closes the step, then (snapshot mode) the register
// snapshot; in live mode also the interrupt inputs' changes and SysTick's clock cycles (see held). With
// +trace it also prints a human-readable trace; with +tarmac_off it only watches.
//   SNAPSHOT = 0: the core reports register writes (tp.wr_*); 1: it shows its register file (tp.snap_*);
//                 +tarmac_regs=snapshot chooses snapshot mode at run time too.
//   OPTIONS:      checker options of the integration ("key=value,..."); plusargs +tarmac_<key>= add to them.
//   CHOICE_TAKES  1: the entry took the pending state where tp.exc_choice rose (the visibility-port adapter raises
//                 it at the vector read): the entry's call carries that time, so an input sampled from then on
//                 pends again (a late arrival's second vector read moves the choice there); 0: the entry's own
//                 time (a core whose choice comes before its stacking).
module armv6m_lockstep_monitor #(
  parameter bit    SNAPSHOT = 1'b0,
  /* verilator lint_off UNUSEDPARAM */  // read only in builds with the checker (TARMAC_CHK)
  parameter bit    CHOICE_TAKES = 1'b0,
  /* verilator lint_on UNUSEDPARAM */
  /* verilator lint_off UNUSEDPARAM */  // read only in builds with the checker (TARMAC_CHK)
  parameter string OPTIONS = ""
  /* verilator lint_on UNUSEDPARAM */
) (
  armv6m_trace_if.monitor tp
);
`ifdef TARMAC_CHK
  import tarmac_chk_pkg::*;
  chandle h;
  bit chk_on;    // +tarmac_off runs a checker build without the checker (the program's own verdict)
  bit chk_open;  // a handle is open: chk_on, or +tarmac_off beside a golden (its summary line says OFF)
  // Live mode. The model checks an exception entry on what it was told before the entry's call, and executes a
  // step when its close comes. The interrupt inputs' changes ({nmi, irq}, in order) are reported at the edge
  // after the one that sampled them, before that edge's calls, each with the time of the edge that sampled it
  // (the checker: a change sampled before an entry's call merges with the pending state the entry takes, one
  // at that edge or after it pends again); SysTick's cycles with the close of their step
  // (pre before its call; post, those after an access to a SysTick register in the step, after it, as the
  // model executes the whole step at once). From the edge where the core chose an exception (tp.exc_choice) on,
  // what it samples was not part of the choice: it is held (hold) until after the entry's exception call.
  logic [32:0] held [$];
  logic [63:0] held_t [$];  // the edge that sampled each
  logic [63:0] choice_t;    // the edge where hold began
  int unsigned pre = 0, post = 0, held_ticks = 0;
  bit hold = 1'b0, written = 1'b0, last = 1'b0;
  int last_in = 0;  // where the last edge's cycle was counted: 0 pre, 1 post, 2 held_ticks
  localparam logic [31:0] SysTickLo = 32'hE000_E010, SysTickHi = 32'hE000_E01F;
`endif
  localparam int NW = tp.NUM_WR_PORTS > 0 ? tp.NUM_WR_PORTS : 1;
  bit trace_on;
  bit snap_mode;
  logic [63:0] cycle;  // clock cycles since reset: the time in reports and in the +trace lines
  // the data phase of the transfer whose address phase was accepted last
  logic        dp_valid, dp_write, dp_data;
  logic [31:0] dp_addr;
  logic [2:0]  dp_size;
  logic [3:1]  dp_prot;             // bit 0 is replaced by the qualifier
  // the interrupt inputs at the last edge
  logic [31:0] irq_q;
  logic        nmi_q, irq_changed;
  assign irq_changed = tp.irq != irq_q || tp.nmi != nmi_q;
`ifdef TARMAC_CHK
  logic closes;
  assign closes = tp.retire_valid || tp.exc_valid;
`endif
  logic unused;  // bits used only by the checker, or by the trace only
  assign unused = ^{tp.htrans[0], tp.retire_is32, dp_prot, tp.snap_shown, tp.hprot[0]};

  initial begin
    string mode;
    trace_on = $test$plusargs("trace") != 0;
    snap_mode = SNAPSHOT;
    if ($value$plusargs("tarmac_regs=%s", mode) != 0) snap_mode = mode == "snapshot";
`ifdef TARMAC_CHK
    chk_on = $test$plusargs("tarmac_off") == 0;
    begin
      string golden, opts;
      if ($value$plusargs("tarmac_golden=%s", golden) == 0) golden = "";
      opts = OPTIONS;
      if (snap_mode) opts = opts.len() != 0 ? {opts, ",regs=snapshot"} : "regs=snapshot";
      // switched off with a golden given: opened off, so that the summary line and the ledger say OFF
      chk_open = chk_on || golden.len() != 0;
      if (chk_open) h = tarmac_chk_pkg::open(golden, opts, "tarmac_off", !chk_on);
    end
`endif
  end

  // events are reported from the first clock after reset on
  logic running;
  always_ff @(posedge tp.clk or negedge tp.rst_n) begin
    if (!tp.rst_n) begin
      running <= 1'b0;
      cycle <= 64'd0;
      dp_valid <= 1'b0;
      irq_q <= 32'd0;
      nmi_q <= 1'b0;
    end else begin
      running <= 1'b1;
      cycle <= cycle + 64'd1;
      irq_q <= tp.irq;
      nmi_q <= tp.nmi;
      if (tp.hready) begin
        dp_valid <= tp.htrans[1];
        dp_write <= tp.hwrite;
        dp_data <= tp.beat_data;
        dp_addr <= tp.haddr;
        dp_size <= tp.hsize;
        dp_prot <= tp.hprot[3:1];
      end
    end
  end

  logic any_write;
  always_comb begin
    any_write = 1'b0;
    for (int i = 0; i < NW; i++) any_write = any_write | (!snap_mode && tp.wr_valid[i]);
  end

  always_ff @(posedge tp.clk) begin
    if (running) begin
`ifdef TARMAC_CHK
      // the time is passed only with an event: no DPI call on idle cycles
      if (chk_on && (irq_changed || any_write || (dp_valid && tp.hready) || tp.pkt_valid || closes
                     || tp.exc_choice || (!hold && held.size() != 0)))
        tarmac_chk_pkg::set_time(h, cycle);
      account_cycle();
`endif
      // an input that changed in this cycle was sampled by the NVIC at this edge
      if (irq_changed) begin
        if (trace_on) $display("%0d IRQ %08x NMI %0d", cycle, tp.irq, tp.nmi);
`ifdef TARMAC_CHK
        if (chk_on) begin
          held.push_back({tp.nmi, tp.irq});
          held_t.push_back(cycle);
        end
`endif
      end
      for (int i = 0; i < NW; i++) begin
        if (tp.wr_valid[i]) begin
          if (trace_on) $display("%0d R %0d %08x", cycle, tp.wr_id[i], tp.wr_data[i]);
`ifdef TARMAC_CHK
          if (chk_on && !snap_mode) tarmac_chk_pkg::reg_write(h, int'(tp.wr_id[i]), tp.wr_data[i]);
`endif
        end
      end
      if (dp_valid && tp.hready) begin
        if (trace_on)
          $display("%0d B%s%0d%s %08x %08x%s", cycle, dp_write ? "W" : "R", 1 << dp_size, dp_data ? "D" : "I",
                   dp_addr, dp_write ? tp.hwdata : tp.hrdata, tp.hresp ? " ERROR" : "");
`ifdef TARMAC_CHK
        // the qualifier decides what is data; the checker reads it as HPROT[0]
        if (chk_on) tarmac_chk_pkg::ahb_beat(h, dp_addr, dp_write, int'(dp_size), int'({dp_prot[3:1], dp_data}),
                                             dp_write ? tp.hwdata : tp.hrdata, tp.hresp);
        // a SysTick register written (from the next cycle on) or read (its value is the count before this edge's
        // cycle): the cycles after it are counted after the step
        /* verilator lint_off BLKSEQ */
        if (chk_on && dp_data && !tp.hresp && dp_addr >= SysTickLo && dp_addr <= SysTickHi) begin
          if (!dp_write && !hold && !written && last) begin
            pre = pre - 1;
            post = post + 1;
            last_in = 1;
          end
          written = 1'b1;
        end
        /* verilator lint_on BLKSEQ */
`endif
      end
      if (tp.pkt_valid) begin
        // with the offset the packet is written at: a packet written at the wrong place shows in the trace
        if (trace_on && tp.pkt_offset_shown)
          $display("%0d MTB %08x %08x at %0h", cycle, tp.pkt_w0, tp.pkt_w1, tp.pkt_offset);
        else if (trace_on) $display("%0d MTB %08x %08x", cycle, tp.pkt_w0, tp.pkt_w1);
`ifdef TARMAC_CHK
        if (chk_on && tp.pkt_offset_shown) tarmac_chk_pkg::mtb_packet_at(h, tp.pkt_offset, tp.pkt_w0, tp.pkt_w1);
        else if (chk_on) tarmac_chk_pkg::mtb_packet(h, tp.pkt_w0, tp.pkt_w1);
`endif
      end
      if (tp.retire_valid) begin
        if (trace_on)
          $display("%0d %s %08x %0h", cycle, tp.retire_cond ? "IT" : "IS", tp.retire_pc, tp.retire_opcode);
`ifdef TARMAC_CHK
        if (chk_on && !hold) report_ticks(pre);
        if (chk_on) tarmac_chk_pkg::retire(h, tp.retire_pc, tp.retire_opcode, tp.retire_is32, tp.retire_cond);
`endif
      end
      if (tp.exc_valid) begin
        if (trace_on) $display("%0d E %0d %08x", cycle, tp.exc_num, tp.exc_ret);
`ifdef TARMAC_CHK
        if (chk_on && !hold) report_ticks(pre);
        if (chk_on && CHOICE_TAKES && hold) tarmac_chk_pkg::set_time(h, choice_t);
        if (chk_on) tarmac_chk_pkg::exception(h, int'(tp.exc_num), tp.exc_ret);
        if (chk_on && CHOICE_TAKES && hold) tarmac_chk_pkg::set_time(h, cycle);
`endif
      end
`ifdef TARMAC_CHK
      if (chk_on && snap_mode && (tp.retire_valid || tp.exc_valid))
        tarmac_chk_pkg::snapshot(h, tp.snap_regs, 32'(tp.snap_shown));
      // after the close's call: the cycles after a SysTick write; after an entry's, what was held since the choice
      // (file mode counts the calls)
      if (chk_on && closes) close_step();
`endif
    end
  end

`ifdef TARMAC_CHK
  // this edge's cycle: a choice of the exception to take holds the cycles after it until its entry; the inputs
  // sampled up to the last edge are reported; the last edge's SysTick cycle counted before or after the step
  task automatic account_cycle();
    /* verilator lint_off BLKSEQ */  // the always_ff's own state, read again in this edge
    if (chk_on && tp.exc_choice && !hold) begin
      // the cycles before the choice now; the last edge's was after it, unless it was reported already (a
      // close's pre, reported before its call: then it stays before the choice; never less than none)
      held_ticks = 0;
      if (last_in == 0 && pre >= int'(last)) begin pre = pre - int'(last); held_ticks = int'(last); end
      if (last_in == 1 && post >= int'(last)) begin post = post - int'(last); held_ticks = int'(last); end
      report_ticks(pre);
      report_ticks(post);
      hold = 1'b1;
      choice_t = cycle;
    end else if (chk_on && tp.exc_choice) begin
      // a later choice of the same entry (a late arrival: the core reads another vector before the handler it
      // showed runs): what it sampled up to this edge was part of that choice, so it is told before the entry
      report_lines();
      if (held_ticks > int'(last)) begin
        held_ticks = held_ticks - int'(last);
        report_ticks(held_ticks);
        held_ticks = int'(last);
      end
      choice_t = cycle;
    end
    // the inputs sampled up to the last edge
    if (chk_on && !hold) report_lines();
    if (chk_on) begin
      last = tp.systick_cycle;
      last_in = hold ? 2 : (written ? 1 : 0);
      if (hold) held_ticks = held_ticks + int'(last);
      else if (written) post = post + int'(last);
      else pre = pre + int'(last);
    end
    /* verilator lint_on BLKSEQ */
  endtask

  // after the close's call: the cycles after a SysTick write; after an entry's, what was held since the choice
  task automatic close_step();
    /* verilator lint_off BLKSEQ */  // the always_ff's own state, read again in this edge
    report_ticks(post);
    written = 1'b0;
    if (hold && tp.exc_valid) begin
      report_lines();
      // this edge's cycle goes with the next step's (the model applies both after the entry), so that a
      // choice at the next edge can take it back
      held_ticks = held_ticks - int'(last);
      pre = pre + int'(last);
      last_in = 0;
      if (held_ticks != 0) begin  // the cycles before this edge's (a SysTick count among them merges)
        tarmac_chk_pkg::set_time(h, cycle - 64'd1);
        report_ticks(held_ticks);
        tarmac_chk_pkg::set_time(h, cycle);
      end
      hold = 1'b0;
    end
    /* verilator lint_on BLKSEQ */
  endtask

  // the changes sampled before this edge (one sampled at this edge was not part of a choice made at it)
  function automatic void report_lines();
    if (held.size() == 0 || held_t[0] >= cycle) return;
    while (held.size() != 0 && held_t[0] < cycle) begin
      logic [32:0] v = held.pop_front();
      tarmac_chk_pkg::set_time(h, held_t.pop_front());
      tarmac_chk_pkg::irq_lines(h, v[31:0], v[32]);
    end
    tarmac_chk_pkg::set_time(h, cycle);  // the edge's own calls
  endfunction

  // n cycles, if any, and n becomes 0
  function automatic void report_ticks(inout int unsigned n);
    if (n != 0) tarmac_chk_pkg::systick_ticks(h, n);
    /* verilator lint_off BLKSEQ */
    n = 0;
    /* verilator lint_on BLKSEQ */
  endfunction
`endif

  // 1 when the checker stopped the run: it halted (max_errors mismatches, or it could not start)
  function automatic bit halted();
`ifdef TARMAC_CHK
    // not "chk_on && halted(h)": Verilator may evaluate the DPI call even when chk_on is 0, and after finish()
    // the handle is closed
    if (!chk_on) return 1'b0;
    return tarmac_chk_pkg::tarmac_chk_halted(h) != 0;
`else
    return 1'b0;
`endif
  endfunction

  // End of test: the checker's verdict, printed; 0 when it passed or is off. Called by the testbench before
  // $finish; a second call returns 0 (the handle is closed).
  function automatic int finish();
`ifdef TARMAC_CHK
    int rc;
    if (!chk_open) return 0;
    rc = tarmac_chk_pkg::finish(h);  // prints the report's rest and the summary (OFF when switched off)
    tarmac_chk_pkg::tarmac_chk_close(h);
    /* verilator lint_off BLKSEQ */
    chk_on = 1'b0;                   // nothing is reported after the end of the test (the handle is closed)
    chk_open = 1'b0;
    /* verilator lint_on BLKSEQ */
    return rc;
`else
    return 0;
`endif
  endfunction
endmodule
