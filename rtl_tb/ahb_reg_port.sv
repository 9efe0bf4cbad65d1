// AHB-Lite port of a register block that takes word accesses only (the SCS, the MTB's SFRs): it captures the
// address phase and answers any other size or alignment with the two-cycle ERROR response; the block sees the
// data phase of each good access as a read or a write of the register at `off` (hwdata / hrdata are the
// block's own).
module ahb_reg_port #(
  parameter int OFF_BITS = 12
) (
  input  logic                clk,
  input  logic                rst_n,
  input  logic                hsel,
  input  logic [31:0]         haddr,
  input  logic [1:0]          htrans,
  input  logic                hwrite,
  input  logic [2:0]          hsize,
  input  logic                hready,
  output logic                hreadyout,
  output logic                hresp,
  output logic                rd,   // data phase of a good word read
  output logic                wr,   // data phase of a good word write
  output logic [OFF_BITS-1:0] off
);
  logic       dp_valid, dp_write, dp_err;
  logic [1:0] err_phase;
  logic unused;  // bits not used by design
  assign unused = ^{haddr[31:OFF_BITS], htrans[0]};

  assign hresp = err_phase != 2'd0;
  assign hreadyout = err_phase != 2'd1;
  assign rd = dp_valid && !dp_err && !dp_write;
  assign wr = dp_valid && !dp_err && dp_write;

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      dp_valid <= 1'b0; dp_write <= 1'b0; dp_err <= 1'b0; off <= '0; err_phase <= 2'd0;
    end else begin
      if (err_phase == 2'd1) err_phase <= 2'd2;
      else err_phase <= 2'd0;
      dp_valid <= 1'b0;
      if (hready && hsel && htrans[1]) begin
        dp_valid <= 1'b1;
        dp_write <= hwrite;
        off <= haddr[OFF_BITS-1:0];
        dp_err <= hsize != 3'd2 || haddr[1:0] != 2'd0;
        if (hsize != 3'd2 || haddr[1:0] != 2'd0) err_phase <= 2'd1;
      end
    end
  end
endmodule
