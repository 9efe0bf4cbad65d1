// Observes the core's trace port, the AHB and the MTB's packet writes. With +trace it prints a human trace;
// built with TARMAC_CHK it calls the lockstep checker (dpi/tarmac_chk_pkg.sv) on every event, in the order of
// dpi/README.md: register writes, bus beats and packets, then the retire / exception that closes the step.
module chk_monitor (
  input logic        clk,
  input logic        rst_n,
  input logic [63:0] cycle,
  input logic        retire_valid,
  input logic [31:0] retire_pc,
  input logic [31:0] retire_opcode,
  input logic        retire_is32,
  input logic        retire_cond,
  input logic        rf_we_a,
  input logic [4:0]  rf_id_a,
  input logic [31:0] rf_data_a,
  input logic        rf_we_b,
  input logic [4:0]  rf_id_b,
  input logic [31:0] rf_data_b,
  input logic        exc_valid,
  input logic [5:0]  exc_num,
  input logic [31:0] exc_ret,
  input logic [31:0] haddr,
  input logic [1:0]  htrans,
  input logic        hwrite,
  input logic [2:0]  hsize,
  input logic [3:0]  hprot,
  input logic [31:0] hwdata,
  input logic [31:0] hrdata,
  input logic        hready,
  input logic        hresp,
  input logic        pkt_valid,
  input logic [31:0] pkt_w0,
  input logic [31:0] pkt_w1
);
`ifdef TARMAC_CHK
  import tarmac_chk_pkg::*;
  chandle h;
  bit chk_on;  // +tarmac_off runs a checker build without the checker (the program's own verdict)
`endif
  bit trace_on;
  // the data phase of the transfer whose address phase was accepted last
  logic        dp_valid, dp_write;
  logic [31:0] dp_addr;
  logic [2:0]  dp_size;
  logic [3:0]  dp_prot;
  logic unused;  // bits not used by design (retire_is32 and HPROT[3:1] only go to the checker)
  assign unused = ^{htrans[0], retire_is32, dp_prot[3:1]};

  initial begin
    trace_on = $test$plusargs("trace") != 0;
`ifdef TARMAC_CHK
    chk_on = $test$plusargs("tarmac_off") == 0;
    if (chk_on) begin
      string golden;
      if ($value$plusargs("tarmac_golden=%s", golden) == 0) golden = "";
      h = tarmac_chk_pkg::open(golden, "");
    end
`endif
  end

  // out of reset: events are reported from the first clock after reset on
  logic running;
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      running <= 1'b0;
      dp_valid <= 1'b0;
    end else begin
      running <= 1'b1;
      if (hready) begin
        dp_valid <= htrans[1];
        dp_write <= hwrite;
        dp_addr <= haddr;
        dp_size <= hsize;
        dp_prot <= hprot;
      end
    end
  end

  always_ff @(posedge clk) begin
    if (running) begin
`ifdef TARMAC_CHK
      // the time is passed only with an event: no DPI call on idle cycles
      if (chk_on && (rf_we_a || rf_we_b || (dp_valid && hready) || pkt_valid || retire_valid || exc_valid))
        tarmac_chk_pkg::set_time(h, cycle);
`endif
      if (rf_we_a) begin
        if (trace_on) $display("%0d R %0d %08x", cycle, rf_id_a, rf_data_a);
`ifdef TARMAC_CHK
        if (chk_on) tarmac_chk_pkg::reg_write(h, int'(rf_id_a), rf_data_a);
`endif
      end
      if (rf_we_b) begin
        if (trace_on) $display("%0d R %0d %08x", cycle, rf_id_b, rf_data_b);
`ifdef TARMAC_CHK
        if (chk_on) tarmac_chk_pkg::reg_write(h, int'(rf_id_b), rf_data_b);
`endif
      end
      if (dp_valid && hready) begin
        if (trace_on)
          $display("%0d B%s%0d%s %08x %08x%s", cycle, dp_write ? "W" : "R", 1 << dp_size, dp_prot[0] ? "D" : "I",
                   dp_addr, dp_write ? hwdata : hrdata, hresp ? " ERROR" : "");
`ifdef TARMAC_CHK
        if (chk_on) tarmac_chk_pkg::ahb_beat(h, dp_addr, dp_write, int'(dp_size), int'(dp_prot), dp_write ? hwdata : hrdata,
                                 hresp);
`endif
      end
      if (pkt_valid) begin
        if (trace_on) $display("%0d MTB %08x %08x", cycle, pkt_w0, pkt_w1);
`ifdef TARMAC_CHK
        if (chk_on) tarmac_chk_pkg::mtb_packet(h, pkt_w0, pkt_w1);
`endif
      end
      if (retire_valid) begin
        if (trace_on)
          $display("%0d %s %08x %0h", cycle, retire_cond ? "IT" : "IS", retire_pc, retire_opcode);
`ifdef TARMAC_CHK
        if (chk_on) tarmac_chk_pkg::retire(h, retire_pc, retire_opcode, retire_is32, retire_cond);
`endif
      end
      if (exc_valid) begin
        if (trace_on) $display("%0d E %0d %08x", cycle, exc_num, exc_ret);
`ifdef TARMAC_CHK
        if (chk_on) tarmac_chk_pkg::exception(h, int'(exc_num), exc_ret);
`endif
      end
    end
  end

  // End of test: the checker's verdict (called by tb_top before $finish).
  function automatic int finish();
`ifdef TARMAC_CHK
    int rc;
    if (!chk_on) return 0;
    rc = tarmac_chk_pkg::finish(h);  // prints the report and the summary
    tarmac_chk_pkg::tarmac_chk_close(h);
    /* verilator lint_off BLKSEQ */
    chk_on = 1'b0;                   // nothing is reported after the end of the test (the handle is closed)
    /* verilator lint_on BLKSEQ */
    return rc;
`else
    return 0;
`endif
  endfunction
endmodule
