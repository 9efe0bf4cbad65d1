// Micro Trace Buffer, Cortex-M0+ style: SFRs POSITION/MASTER/FLOW/BASE on the AHB (word accesses only), and
// one packet per non-sequential PC change written into the MTB SRAM through its second port (not an AHB
// transfer). S on the first packet after MASTER.EN rises; wrap at 2^(MASK+4) bytes; AUTOSTOP/AUTOHALT at the
// watermark. Packets are also reported to the monitors (pkt_valid, pkt_w0, pkt_w1).
module mtb (
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
  input  logic        ev_valid,
  input  logic [31:0] ev_src,
  input  logic [31:0] ev_dst,
  input  logic        ev_a,
  output logic        pw_en,
  output logic [11:0] pw_addr,
  output logic [63:0] pw_data,
  output logic        pkt_valid,
  output logic [31:0] pkt_w0,
  output logic [31:0] pkt_w1
);
  logic [31:0] position, master, flow;
  logic        start;
  logic        rd, wr;
  logic [3:0]  dp_off;
  logic unused;  // bits not used by design
  assign unused = ^{rd, ev_src[0], ev_dst[0], dp_off[1:0]};
  ahb_reg_port #(.OFF_BITS(4)) u_port (
    .clk, .rst_n, .hsel, .haddr, .htrans, .hwrite, .hsize, .hready, .hreadyout, .hresp, .rd, .wr, .off(dp_off)
  );
  always_comb begin
    case (dp_off[3:2])
      2'd0: hrdata = position;
      2'd1: hrdata = master;
      2'd2: hrdata = flow;
      default: hrdata = 32'h2400_0000;
    endcase
  end

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      position <= 32'd0; master <= 32'd0; flow <= 32'd0; start <= 1'b0;
      pw_en <= 1'b0; pkt_valid <= 1'b0;
    end else begin
      pw_en <= 1'b0;
      pkt_valid <= 1'b0;
      if (wr) begin
        case (dp_off[3:2])
          2'd0: position <= {hwdata[31:2], 2'b00};
          2'd1: begin
            if (hwdata[31] && !master[31]) start <= 1'b1;
            master <= hwdata & 32'h8000_03ff;
          end
          2'd2: flow <= hwdata & ~32'd4;
          default: ;
        endcase
      end else if (ev_valid && master[31]) begin
        logic [31:0] w0, w1, ptr, nxt, size;
        w0 = {ev_src[31:1], ev_a};
        w1 = {ev_dst[31:1], start};
        start <= 1'b0;
        ptr = {position[31:3], 3'b000};
        size = 32'd1 << (master[4:0] + 5'd4);
        if (master[4:0] >= 5'd28) size = 32'd0;  // 2^32 bytes or more (the 5-bit sum wraps): the pointer never wraps
        pw_en <= 1'b1;
        pw_addr <= ptr[11:0];
        pw_data <= {w1, w0};
        pkt_valid <= 1'b1;
        pkt_w0 <= w0;
        pkt_w1 <= w1;
        nxt = ptr + 32'd8;
        if (((nxt ^ ptr) & ~(size - 32'd1)) != 32'd0) begin
          nxt = ptr & ~(size - 32'd1);
          position <= {nxt[31:3], 3'b100};
        end else begin
          nxt = (ptr & ~(size - 32'd1)) | (nxt & (size - 32'd1));
          position <= {nxt[31:3], position[2:0]};
        end
        if ({nxt[31:3], 3'b000} == {flow[31:3], 3'b000}) begin
          if (flow[0]) master[31] <= 1'b0;
          if (flow[1]) master[9] <= 1'b1;
        end
      end
    end
  end
endmodule
