// rtl_tb/monitors/ahb_lite_master_checker.sv on scripted bus cycles (tests/integration/test_ahb_assert.sh):
// +case=legal runs the sequences the AHB-Lite rules allow, the waited IDLE that turns NONSEQ and the transfer cancelled in an
// ERROR's first cycle among them, and must end without an assertion; every other case breaks one rule and must
// stop at that rule's assertion.
module tb_ahb_lite_master_checker;
  localparam logic [1:0] IDLE = 2'b00, BUSY = 2'b01, NONSEQ = 2'b10, SEQ = 2'b11;
  localparam logic [2:0] SINGLE = 3'b000, INCR = 3'b001;
  localparam logic [2:0] BYTE = 3'd0, HALF = 3'd1, WORD = 3'd2;

  logic        clk = 1'b0;
  logic        rst_n = 1'b0;
  logic [31:0] haddr = '0, hwdata = '0;
  logic [1:0]  htrans = IDLE;
  logic        hwrite = 1'b0, hready = 1'b1, hresp = 1'b0;
  logic [2:0]  hsize = WORD, hburst = SINGLE;
  logic [3:0]  hprot = 4'b0011;

  ahb_lite_master_checker u_chk (.*);

  /* verilator lint_off BLKSEQ */
  always #5 clk = !clk;
  /* verilator lint_on BLKSEQ */

  // One clock cycle: the master's and the slave's outputs, driven after the falling edge, sampled at the rise.
  task automatic cyc(input logic [1:0] trans, input logic [31:0] addr, input logic write, input logic [2:0] size,
                     input logic [31:0] wdata, input logic ready, input logic resp, input logic [2:0] burst = SINGLE);
    @(negedge clk);
    htrans = trans;
    haddr = addr;
    hwrite = write;
    hsize = size;
    hwdata = wdata;
    hready = ready;
    hresp = resp;
    hburst = burst;
    @(posedge clk);
  endtask

  task automatic legal();
    // a read with two wait states: the next address phase (a write) held while waited
    cyc(NONSEQ, 32'h100, 1'b0, WORD, '0, 1'b1, 1'b0);
    cyc(NONSEQ, 32'h104, 1'b1, WORD, '0, 1'b0, 1'b0);
    cyc(NONSEQ, 32'h104, 1'b1, WORD, '0, 1'b0, 1'b0);
    cyc(NONSEQ, 32'h104, 1'b1, WORD, '0, 1'b1, 1'b0);
    // its data phase waited, the data held; meanwhile an IDLE that changes its address, then turns NONSEQ
    cyc(IDLE, 32'h0, 1'b0, HALF, 32'hcafe_f00d, 1'b0, 1'b0);
    cyc(IDLE, 32'h8, 1'b0, HALF, 32'hcafe_f00d, 1'b0, 1'b0);
    cyc(NONSEQ, 32'h202, 1'b0, HALF, 32'hcafe_f00d, 1'b0, 1'b0);
    cyc(NONSEQ, 32'h202, 1'b0, HALF, 32'hcafe_f00d, 1'b1, 1'b0);
    // that read answered with ERROR; the next transfer is cancelled to IDLE in the first cycle
    cyc(NONSEQ, 32'h301, 1'b0, BYTE, '0, 1'b0, 1'b1);
    cyc(IDLE, 32'h0, 1'b0, BYTE, '0, 1'b1, 1'b1);
    // an ERROR whose next transfer is held through both cycles instead
    cyc(NONSEQ, 32'h400, 1'b1, WORD, '0, 1'b1, 1'b0);
    cyc(NONSEQ, 32'h404, 1'b0, WORD, 32'h1234_5678, 1'b0, 1'b1);
    cyc(NONSEQ, 32'h404, 1'b0, WORD, 32'h1234_5678, 1'b1, 1'b1);
    // an undefined-length burst: NONSEQ, BUSY, SEQ
    cyc(NONSEQ, 32'h500, 1'b0, WORD, '0, 1'b1, 1'b0, INCR);
    cyc(BUSY, 32'h504, 1'b0, WORD, '0, 1'b1, 1'b0, INCR);
    cyc(SEQ, 32'h504, 1'b0, WORD, '0, 1'b1, 1'b0, INCR);
    cyc(IDLE, 32'h0, 1'b0, WORD, '0, 1'b1, 1'b0);
    cyc(IDLE, 32'h0, 1'b0, WORD, '0, 1'b1, 1'b0);
  endtask

  initial begin
    string name;
    if ($value$plusargs("case=%s", name) == 0) $fatal(1, "tb: +case=<name> is required");
    repeat (2) @(posedge clk);
    @(negedge clk);
    rst_n = 1'b1;
    case (name)
      "legal": legal();
      "haddr_waited": begin  // HaddrHeldWhileWaited_A
        cyc(NONSEQ, 32'h100, 1'b0, WORD, '0, 1'b1, 1'b0);
        cyc(NONSEQ, 32'h104, 1'b0, WORD, '0, 1'b0, 1'b0);
        cyc(NONSEQ, 32'h108, 1'b0, WORD, '0, 1'b1, 1'b0);
      end
      "htrans_waited": begin  // HtransHeldWhileWaited_A: an active transfer dropped without an ERROR
        cyc(NONSEQ, 32'h100, 1'b0, WORD, '0, 1'b1, 1'b0);
        cyc(NONSEQ, 32'h104, 1'b0, WORD, '0, 1'b0, 1'b0);
        cyc(IDLE, 32'h104, 1'b0, WORD, '0, 1'b1, 1'b0);
      end
      "control_waited": begin  // ControlHeldWhileWaited_A
        cyc(NONSEQ, 32'h100, 1'b0, WORD, '0, 1'b1, 1'b0);
        cyc(NONSEQ, 32'h104, 1'b0, WORD, '0, 1'b0, 1'b0);
        cyc(NONSEQ, 32'h104, 1'b1, WORD, '0, 1'b1, 1'b0);
      end
      "error_changed": begin  // ErrorCancelOrHold_A: another transfer, not IDLE, in the ERROR's first cycle
        cyc(NONSEQ, 32'h100, 1'b0, WORD, '0, 1'b1, 1'b0);
        cyc(NONSEQ, 32'h104, 1'b0, WORD, '0, 1'b0, 1'b1);
        cyc(NONSEQ, 32'h800, 1'b0, WORD, '0, 1'b1, 1'b1);
      end
      "hwdata_waited": begin  // HwdataHeldWhileWaited_A
        cyc(NONSEQ, 32'h100, 1'b1, WORD, '0, 1'b1, 1'b0);
        cyc(IDLE, 32'h0, 1'b0, WORD, 32'h1111_1111, 1'b0, 1'b0);
        cyc(IDLE, 32'h0, 1'b0, WORD, 32'h2222_2222, 1'b1, 1'b0);
      end
      "seq_single": cyc(SEQ, 32'h100, 1'b0, WORD, '0, 1'b1, 1'b0);  // SeqBusyNotSingle_A
      "seq_no_burst": begin  // SeqBusyInBurst_A: a burst type, but no NONSEQ opened it
        cyc(IDLE, 32'h0, 1'b0, WORD, '0, 1'b1, 1'b0, INCR);
        cyc(SEQ, 32'h104, 1'b0, WORD, '0, 1'b1, 1'b0, INCR);
      end
      "too_wide": cyc(NONSEQ, 32'h100, 1'b0, 3'd3, '0, 1'b1, 1'b0);  // SizeWithinBus_A
      "misaligned": cyc(NONSEQ, 32'h102, 1'b0, WORD, '0, 1'b1, 1'b0);  // AlignedToSize_A
      "error_one_cycle": begin  // ErrorSecondCycle_A
        cyc(NONSEQ, 32'h100, 1'b0, WORD, '0, 1'b1, 1'b0);
        cyc(IDLE, 32'h0, 1'b0, WORD, '0, 1'b0, 1'b1);
        cyc(IDLE, 32'h0, 1'b0, WORD, '0, 1'b1, 1'b0);
      end
      "error_no_first": begin  // ErrorFirstCycle_A
        cyc(NONSEQ, 32'h100, 1'b0, WORD, '0, 1'b1, 1'b0);
        cyc(IDLE, 32'h0, 1'b0, WORD, '0, 1'b1, 1'b1);
      end
      "wait_no_transfer": cyc(IDLE, 32'h0, 1'b0, WORD, '0, 1'b0, 1'b0);  // OkayWithoutDataPhase_A
      default: $fatal(1, "tb: unknown +case=%s", name);
    endcase
    repeat (2) @(posedge clk);
    $display("tb: case %s ended without an assertion", name);
    $finish;
  end
endmodule
