// Answers every transfer to an unmapped address with the two-cycle AHB-Lite ERROR response.
module ahb_default_slave (
  input  logic        clk,
  input  logic        rst_n,
  input  logic        hsel,
  input  logic [1:0]  htrans,
  input  logic        hready,
  output logic        hreadyout,
  output logic        hresp
);
  logic [1:0] phase;  // 0 idle, 1 first error cycle, 2 second
  logic unused;  // bits not used by design
  assign unused = ^{htrans[0]};
  assign hresp = phase != 2'd0;
  assign hreadyout = phase != 2'd1;
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) phase <= 2'd0;
    else if (phase == 2'd1) phase <= 2'd2;
    else if (hready && hsel && htrans[1]) phase <= 2'd1;
    else phase <= 2'd0;
  end
endmodule
