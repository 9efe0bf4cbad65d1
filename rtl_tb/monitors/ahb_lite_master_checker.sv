// Protocol assertions for one AHB-Lite master port, as the master drives it and sees the answers. Passive: bind
// or instantiate it on any master (tb_top puts it on the reference core's). It checks the rules of the AMBA 3
// AHB-Lite specification (ARM IHI 0033A) that a master's bugs break:
//   - section 3.6 (waited transfers): while HREADY is low an active transfer's address phase is extended, so
//     the master holds HTRANS, HADDR and the control signals until HREADY is high. The exceptions: a waited
//     IDLE may turn into a NONSEQ (with a new address) since IDLE is no transfer yet; and (section 5.1.3) in
//     the first cycle of an ERROR response the master may cancel the pending transfer by driving IDLE.
//   - section 3.1: in a waited write data phase the master holds HWDATA stable until HREADY is high.
//   - section 3.2 and 3.5: SEQ and BUSY continue a burst; they never appear in a SINGLE transfer, nor before
//     the NONSEQ that opens a burst.
//   - section 3.4: a transfer is aligned to its size (HADDR a multiple of 2^HSIZE), no wider than the bus.
//   - section 5.1: the responses the master relies on: an ERROR is two cycles (HRESP high with HREADY low,
//     then HRESP high with HREADY high); a cycle without a pending data phase is a zero-wait OKAY.
// A broken rule stops the simulation with $fatal naming the rule, the values and the cycle; the project's
// harnesses then exit 4 (dpi/README.md). Verilator compiles the assertions only with --assert (sim/verilate.sh).
// An AHB-Lite master without HBURST (the reference core does single transfers only) ties it to SINGLE (3'b000).
module ahb_lite_master_checker #(
  parameter int unsigned DataWidth = 32
) (
  input logic                 clk,
  input logic                 rst_n,
  input logic [31:0]          haddr,
  input logic [1:0]           htrans,
  input logic                 hwrite,
  input logic [2:0]           hsize,
  input logic [2:0]           hburst,
  input logic [3:0]           hprot,
  input logic [DataWidth-1:0] hwdata,
  input logic                 hready,
  input logic                 hresp
);
  localparam logic [1:0] IDLE = 2'b00, BUSY = 2'b01, NONSEQ = 2'b10, SEQ = 2'b11;
  localparam logic [2:0] SINGLE = 3'b000;
  localparam logic [2:0] MaxSize = 3'($clog2(DataWidth / 8));

  // the data phase of the transfer whose address phase was accepted last, and whether a burst is open
  logic       dp_valid, dp_write, burst_open;
  logic [63:0] cycle;  // cycles since reset, as in the lockstep checker's reports
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      dp_valid <= 1'b0;
      dp_write <= 1'b0;
      burst_open <= 1'b0;
      cycle <= 64'd0;
    end else begin
      cycle <= cycle + 64'd1;
      if (hready) begin
        dp_valid <= htrans[1];
        dp_write <= hwrite;
        if (htrans == NONSEQ) burst_open <= hburst != SINGLE;
        else if (htrans == IDLE) burst_open <= 1'b0;
      end
    end
  end

  function automatic string name(input logic [1:0] trans);
    case (trans)
      IDLE: return "IDLE";
      BUSY: return "BUSY";
      NONSEQ: return "NONSEQ";
      default: return "SEQ";
    endcase
  endfunction

  // an active transfer (NONSEQ or SEQ) whose address phase HREADY low extends
  logic waited_active;
  assign waited_active = !hready && htrans[1];

  // disable iff samples the asynchronous reset in clocked properties: Verilator warns of a synchronous use of
  // an asynchronous reset, which matters to synthesis only, and this module is never synthesised
  /* verilator lint_off SYNCASYNCNET */

  // ---- waited address phase (3.6): held, except a cancel to IDLE in an ERROR's first cycle (5.1.3) ----
  HtransHeldWhileWaited_A: assert property (@(posedge clk) disable iff (!rst_n)
      waited_active && !hresp |=> htrans == $past(htrans))
    else $fatal(1, "ahb_lite_master_checker: HTRANS changed from %s to %s while HREADY was low (cycle %0d)",
                name($past(htrans)), name(htrans), cycle);
  HaddrHeldWhileWaited_A: assert property (@(posedge clk) disable iff (!rst_n)
      waited_active && !hresp |=> haddr == $past(haddr))
    else $fatal(1, "ahb_lite_master_checker: HADDR changed from %08x to %08x while HREADY was low (cycle %0d)",
                $past(haddr), haddr, cycle);
  ControlHeldWhileWaited_A: assert property (@(posedge clk) disable iff (!rst_n)
      waited_active && !hresp |=> {hwrite, hsize, hburst, hprot} == $past({hwrite, hsize, hburst, hprot}))
    else $fatal(1, "ahb_lite_master_checker: HWRITE/HSIZE/HBURST/HPROT %0d/%0d/%0d/%0h -> %0d/%0d/%0d/%0h while waited (cycle %0d)",
                $past(hwrite), $past(hsize), $past(hburst), $past(hprot), hwrite, hsize, hburst, hprot, cycle);
  ErrorCancelOrHold_A: assert property (@(posedge clk) disable iff (!rst_n)
      waited_active && hresp |=> htrans == IDLE || (htrans == $past(htrans) &&
      {haddr, hwrite, hsize, hburst, hprot} == $past({haddr, hwrite, hsize, hburst, hprot})))
    else $fatal(1, "ahb_lite_master_checker: in an ERROR's first cycle the next transfer became %s %08x, not held nor IDLE (cycle %0d)",
                name(htrans), haddr, cycle);

  // ---- waited write data phase (3.1) ----
  HwdataHeldWhileWaited_A: assert property (@(posedge clk) disable iff (!rst_n)
      dp_valid && dp_write && !hready |=> hwdata == $past(hwdata))
    else $fatal(1, "ahb_lite_master_checker: HWDATA changed from %08x to %08x in a waited write data phase (cycle %0d)",
                $past(hwdata), hwdata, cycle);

  // ---- transfer types (3.2, 3.5) ----
  SeqBusyNotSingle_A: assert property (@(posedge clk) disable iff (!rst_n)
      htrans == SEQ || htrans == BUSY |-> hburst != SINGLE)
    else $fatal(1, "ahb_lite_master_checker: HTRANS %s in a SINGLE transfer (HADDR %08x, cycle %0d)",
                name(htrans), haddr, cycle);
  SeqBusyInBurst_A: assert property (@(posedge clk) disable iff (!rst_n)
      htrans == SEQ || htrans == BUSY |-> burst_open)
    else $fatal(1, "ahb_lite_master_checker: HTRANS %s without a burst opened by NONSEQ (HADDR %08x, cycle %0d)",
                name(htrans), haddr, cycle);

  // ---- size and alignment (3.4) ----
  SizeWithinBus_A: assert property (@(posedge clk) disable iff (!rst_n)
      htrans[1] |-> hsize <= MaxSize)
    else $fatal(1, "ahb_lite_master_checker: HSIZE %0d is wider than the %0d-bit data bus (HADDR %08x, cycle %0d)",
                hsize, DataWidth, haddr, cycle);
  AlignedToSize_A: assert property (@(posedge clk) disable iff (!rst_n)
      htrans[1] |-> (haddr & ((32'd1 << hsize) - 32'd1)) == 32'd0)
    else $fatal(1, "ahb_lite_master_checker: HADDR %08x is not aligned to HSIZE %0d (%0d bytes) (cycle %0d)",
                haddr, hsize, 1 << hsize, cycle);

  // ---- responses (5.1) ----
  ErrorSecondCycle_A: assert property (@(posedge clk) disable iff (!rst_n)
      hresp && !hready |=> hresp && hready)
    else $fatal(1, "ahb_lite_master_checker: an ERROR response's first cycle not followed by its second (cycle %0d)",
                cycle);
  ErrorFirstCycle_A: assert property (@(posedge clk) disable iff (!rst_n)
      hresp && hready |-> $past(hresp) && !$past(hready))
    else $fatal(1, "ahb_lite_master_checker: an ERROR response ended without its first cycle (cycle %0d)", cycle);
  OkayWithoutDataPhase_A: assert property (@(posedge clk) disable iff (!rst_n)
      !dp_valid |-> hready && !hresp)
    else $fatal(1, "ahb_lite_master_checker: HREADY low or HRESP ERROR with no transfer in its data phase (cycle %0d)",
                cycle);
  /* verilator lint_on SYNCASYNCNET */
endmodule
