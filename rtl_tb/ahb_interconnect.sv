// AHB-Lite decoder and read-data mux for one master. Slaves: 0 code SRAM, 1 SRAM, 2 MTB SRAM, 3 MTB SFRs,
// 4 SCS, 5 default slave (everything else), 6 the timer peripheral (0x4000_0000-0x4000_0FFF, rtl_tb/ahb_timer.sv;
// an MTB at MtbBase 0x4000_0000 is decoded first). The data phase is answered by the slave selected in the
// address phase.
//   MtbPresent: 0 leaves the MTB SRAM and SFRs unmapped (the default slave answers ERROR), as the model's mtb=0
//   MtbBase:    base of the MTB SFRs (the model's mtb_base)
module ahb_interconnect #(
  parameter bit          MtbPresent = 1'b1,
  parameter logic [31:0] MtbBase    = 32'hF000_0000
) (
  input  logic        clk,
  input  logic        rst_n,
  input  logic [31:0] haddr,
  input  logic [1:0]  htrans,
  output logic [6:0]  hsel,
  output logic        hready,
  output logic        hresp,
  output logic [31:0] hrdata,
  input  logic [6:0]  s_hreadyout,
  input  logic [6:0]  s_hresp,
  input  logic [31:0] s_hrdata [0:6]
);
  logic [2:0] dsel;  // slave of the current data phase
  logic       dvalid;
  logic unused;  // bits not used by design
  assign unused = ^{htrans[0]};

  always_comb begin
    hsel = 7'd0;
    if (haddr < 32'h0004_0000) hsel[0] = 1'b1;
    else if (haddr >= 32'h2000_0000 && haddr < 32'h2001_0000) hsel[1] = 1'b1;
    else if (MtbPresent && haddr >= 32'h2400_0000 && haddr < 32'h2400_1000) hsel[2] = 1'b1;
    else if (MtbPresent && haddr[31:4] == MtbBase[31:4]) hsel[3] = 1'b1;
    else if (haddr[31:12] == 20'hE000E) hsel[4] = 1'b1;
    else if (haddr[31:12] == 20'h40000) hsel[6] = 1'b1;
    else hsel[5] = 1'b1;
  end

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      dsel <= 3'd0;
      dvalid <= 1'b0;
    end else if (hready) begin
      dvalid <= htrans[1];
      for (int i = 0; i < 7; i++) if (hsel[i]) dsel <= 3'(i);
    end
  end

  assign hready = dvalid ? s_hreadyout[dsel] : 1'b1;
  assign hresp = dvalid ? s_hresp[dsel] : 1'b0;
  assign hrdata = s_hrdata[dsel];
endmodule
