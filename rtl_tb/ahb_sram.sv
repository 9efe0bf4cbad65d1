// AHB-Lite SRAM slave with a pseudo-random wait-state generator and a second (write-only) port for the MTB's
// packets. Zero-wait when wait_pct is 0.
module ahb_sram #(
  parameter int AW = 16                  // bytes = 2**AW
) (
  input  logic        clk,
  input  logic        rst_n,
  input  logic        hsel,
  input  logic [31:0] haddr,
  input  logic [1:0]  htrans,
  input  logic        hwrite,
  input  logic [2:0]  hsize,
  input  logic [31:0] hwdata,
  input  logic        hready,
  output logic        hreadyout,
  output logic        hresp,
  output logic [31:0] hrdata,
  input  logic [7:0]  wait_pct,          // percentage of data phases that get extra wait states
  input  logic [31:0] seed,
  input  logic        pw_en,             // second port: a 64-bit write (two words) at word address pw_addr
  input  logic [AW-1:0] pw_addr,
  input  logic [63:0] pw_data
);
  logic [31:0] mem [0:(1 << (AW - 2)) - 1];
  logic        dp_valid, dp_write;
  logic [AW-1:0] dp_addr;
  logic [2:0]  dp_size;
  logic [1:0]  waits;
  logic [31:0] lfsr;
  logic unused;  // bits not used by design
  assign unused = ^{haddr[31:AW], htrans[0], pw_addr[1:0]};

  assign hresp = 1'b0;
  assign hreadyout = !(dp_valid && waits != 2'd0);
  // read data is valid only in the cycle HREADYOUT is high: garbage while waiting, as a real slave may drive
  assign hrdata = hreadyout ? mem[dp_addr[AW-1:2]] : 32'hdead_beef;

  // byte enables of a write from HSIZE and the address
  function automatic logic [3:0] lanes(input logic [1:0] a, input logic [2:0] sz);
    case (sz)
      3'd0: return 4'b0001 << a;
      3'd1: return a[1] ? 4'b1100 : 4'b0011;
      default: return 4'b1111;
    endcase
  endfunction

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      dp_valid <= 1'b0;
      dp_write <= 1'b0;
      dp_addr <= '0;
      dp_size <= 3'd0;
      waits <= 2'd0;
      lfsr <= 32'h1;
    end else begin
      if (lfsr == 32'h1 && seed != 32'd0) lfsr <= seed;
      else lfsr <= {lfsr[30:0], lfsr[31] ^ lfsr[21] ^ lfsr[1] ^ lfsr[0]};
      if (dp_valid && waits != 2'd0) begin
        waits <= waits - 2'd1;
      end else begin
        if (dp_valid && dp_write) begin
          logic [3:0] be;
          be = lanes(dp_addr[1:0], dp_size);
          for (int i = 0; i < 4; i++)
            if (be[i]) mem[dp_addr[AW-1:2]][8*i +: 8] <= hwdata[8*i +: 8];
        end
        dp_valid <= 1'b0;
        if (hready && hsel && htrans[1]) begin
          dp_valid <= 1'b1;
          dp_write <= hwrite;
          dp_addr <= haddr[AW-1:0];
          dp_size <= hsize;
          waits <= (wait_pct != 8'd0 && lfsr[7:0] % 8'd100 < wait_pct) ? ((lfsr[9:8] == 2'd0) ? 2'd1 : lfsr[9:8]) : 2'd0;
        end
      end
      if (pw_en) begin
        mem[pw_addr[AW-1:2]] <= pw_data[31:0];
        mem[pw_addr[AW-1:2] + 1] <= pw_data[63:32];
      end
    end
  end
endmodule
