// A timer peripheral on the AHB (at 0x4000_0000 in tb_top, rtl_tb/README.md): a down-counter of clock cycles
// with reload, an expiry flag firmware polls and clears, and a level interrupt to one IRQ line. Word accesses
// only (ahb_reg_port). Its values depend on the clock, which a golden file made before the run cannot know: the
// checker takes them as the RTL's bus returned them (live mode, volatile=0x40000000-0x40000fff).
//   0x0 CTRL    [0] ENABLE: count; [1] INTEN: irq = STATUS.EXPIRED
//   0x4 RELOAD  the value COUNT restarts from after reaching 0 (a period of RELOAD + 1 cycles)
//   0x8 COUNT   the current count; a write sets it
//   0xC STATUS  [0] EXPIRED: COUNT was 0 at a counted cycle; write 1 to clear (a clear and an expiry in the same
//               cycle: the expiry wins)
module ahb_timer (
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
  output logic        irq
);
  logic [1:0]  ctrl;
  logic [31:0] reload, count;
  logic        expired, rd, wr;
  logic [11:0] dp_off;
  ahb_reg_port #(.OFF_BITS(12)) u_port (
    .clk, .rst_n, .hsel, .haddr, .htrans, .hwrite, .hsize, .hready, .hreadyout, .hresp, .rd, .wr, .off(dp_off)
  );
  logic unused;  // reads have no side effect
  assign unused = rd;

  assign irq = ctrl[1] && expired;

  always_comb begin
    case (dp_off)
      12'h000: hrdata = {30'd0, ctrl};
      12'h004: hrdata = reload;
      12'h008: hrdata = count;
      12'h00c: hrdata = {31'd0, expired};
      default: hrdata = 32'd0;
    endcase
  end

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      ctrl <= 2'd0; reload <= 32'd0; count <= 32'd0; expired <= 1'b0;
    end else begin
      if (wr) begin
        case (dp_off)
          12'h000: ctrl <= hwdata[1:0];
          12'h004: reload <= hwdata;
          12'h008: count <= hwdata;
          12'h00c: if (hwdata[0]) expired <= 1'b0;
          default: ;
        endcase
      end
      // the cycle that writes COUNT does not count: the next one counts down from the written value
      if (ctrl[0] && !(wr && dp_off == 12'h008)) begin
        if (count == 32'd0) begin
          count <= reload;
          expired <= 1'b1;
        end else begin
          count <= count - 32'd1;
        end
      end
    end
  end
endmodule
