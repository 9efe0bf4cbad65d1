// AHB-Lite decoder and read-data mux for one master. Slaves: 0 code SRAM, 1 SRAM, 2 MTB SRAM, 3 MTB SFRs,
// 4 SCS, 5 default slave (everything else), 6 the timer peripheral (TimerBase, 4 KiB, rtl_tb/ahb_timer.sv;
// an MTB at MtbBase in that page is decoded first). The data phase is answered by the slave selected in the
// address phase. The memory map is rtl_tb/core/m0_pkg.sv's (the model's, tests/repo/test_shared_constants.sh);
// the timer is the testbench's own device, unknown to the model (a volatile range in live mode).
//   MtbPresent: 0 leaves the MTB SRAM and SFRs unmapped (the default slave answers ERROR), as the model's mtb=0
//   MtbBase:    base of the MTB SFRs (the model's mtb_base)
//   TimerBase:  base of the timer peripheral's 4 KiB page
module ahb_interconnect
  import m0_pkg::*;
#(
  parameter bit          MtbPresent = 1'b1,
  parameter logic [31:0] MtbBase    = 32'hF000_0000,
  parameter logic [31:0] TimerBase  = 32'h4000_0000
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
    if (haddr < CODE_BASE + CODE_SIZE) hsel[0] = 1'b1;  // CODE_BASE is 0
    else if (haddr >= SRAM_BASE && haddr < SRAM_BASE + SRAM_SIZE) hsel[1] = 1'b1;
    else if (MtbPresent && haddr >= MTBRAM_BASE && haddr < MTBRAM_BASE + MTBRAM_SIZE) hsel[2] = 1'b1;
    else if (MtbPresent && haddr[31:4] == MtbBase[31:4]) hsel[3] = 1'b1;
    else if (haddr[31:12] == SCS_BASE[31:12]) hsel[4] = 1'b1;
    else if (haddr[31:12] == TimerBase[31:12]) hsel[6] = 1'b1;
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
