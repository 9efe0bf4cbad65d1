// m0_lsu: the core's one AHB-Lite master, for fetches and data (as Cortex-M0). One transfer at a time: the
// controller holds a request (m0_pkg::bus_req_t) through the address phase until HREADY, then waits in a data
// phase state; HWDATA follows in the data phase. Loads: the byte lanes of HRDATA by HADDR[1:0], sign- or
// zero-extended (ARMv6-M is little-endian here).
module m0_lsu
  import m0_pkg::*;
(
  input  logic        clk,
  input  logic        rst_n,
  input  bus_req_t    req,
  // AHB-Lite master
  output logic [31:0] haddr,
  output logic [1:0]  htrans,
  output logic        hwrite,
  output logic [2:0]  hsize,
  output logic [3:0]  hprot,
  output logic [31:0] hwdata,
  input  logic [31:0] hrdata,
  input  logic        hready,
  // the data phase of a load: the address's low bits, size and signedness -> the loaded value
  input  logic [1:0]  ld_addr,
  input  logic [1:0]  ld_size,
  input  logic        ld_signed,
  output logic [31:0] ld_data
);

  logic [31:0] wdata_q;

  assign haddr = req.addr;
  assign htrans = req.req ? 2'b10 : 2'b00;       // NONSEQ or IDLE: single transfers only
  assign hwrite = req.write;
  assign hsize = {1'b0, req.size};
  assign hprot = {3'b001, req.data};             // privileged, not bufferable or cacheable
  assign hwdata = wdata_q;

  // AHB: the write data follows the address phase
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) wdata_q <= 32'd0;
    else if (req.req && hready) wdata_q <= req.wdata;
  end

  // the byte lanes of the read data
  function automatic logic [31:0] lane(input logic [31:0] d, input logic [1:0] a, input logic [1:0] sz,
                                       input logic sgn);
    logic [15:0] s;
    s = 16'(d >> {a, 3'b000});
    unique case (sz)
      2'd0: return sgn ? {{24{s[7]}}, s[7:0]} : {24'd0, s[7:0]};
      2'd1: return sgn ? {{16{s[15]}}, s[15:0]} : {16'd0, s[15:0]};
      default: return d;
    endcase
  endfunction

  assign ld_data = lane(hrdata, ld_addr, ld_size, ld_signed);

endmodule
