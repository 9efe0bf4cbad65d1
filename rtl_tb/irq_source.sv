// Random interrupt pulses for the testbench, reproducible by seed (off by default): at each clock a pulse starts
// on a random IRQ line with probability irq_rate/65536 and lasts 1..irq_width cycles; NMI likewise with nmi_rate.
// Plusargs: +irq_seed=<n> (default 1), +irq_rate=<0-65535> (default 0: off), +nmi_rate=<0-65535> (default 0),
// +irq_width=<1-65535 cycles> (default 64), +irq_lines=<hex mask> (the lines it may raise, default ffffffff).
// A pulse on a line that is already high extends it. The generator is xorshift32, the same in every simulator.
module irq_source (
  input  logic        clk,
  input  logic        rst_n,
  output logic [31:0] irq,
  output logic        nmi
);
  logic [31:0] seed, lines;
  logic [15:0] irq_rate, nmi_rate, width;
  initial begin
    int v;
    if ($value$plusargs("irq_seed=%d", v) != 0) seed = v; else seed = 32'd1;
    if (seed == 32'd0) seed = 32'd1;  // xorshift's one fixed point
    if ($value$plusargs("irq_rate=%d", v) != 0) irq_rate = 16'(v); else irq_rate = 16'd0;
    if ($value$plusargs("nmi_rate=%d", v) != 0) nmi_rate = 16'(v); else nmi_rate = 16'd0;
    if ($value$plusargs("irq_width=%d", v) != 0 && v > 0) width = 16'(v); else width = 16'd64;
    if ($value$plusargs("irq_lines=%h", v) != 0) lines = v; else lines = 32'hFFFF_FFFF;
  end

  function automatic logic [31:0] xorshift(input logic [31:0] x);
    logic [31:0] y;
    y = x ^ (x << 13);
    y = y ^ (y >> 17);
    return y ^ (y << 5);
  endfunction

  logic [31:0] state, s1, s2;      // two draws per cycle: IRQ, NMI
  logic [15:0] left [32];          // cycles each line stays high
  logic [15:0] nmi_left;
  assign s1 = xorshift(state);
  assign s2 = xorshift(s1);
  logic [4:0]  line;
  logic [15:0] len;
  assign line = s1[20:16];
  assign len = 16'(({16'd0, s2[31:16]} % {16'd0, width}) + 32'd1);

  always_comb for (int i = 0; i < 32; i++) irq[i] = left[i] != 16'd0;
  assign nmi = nmi_left != 16'd0;

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      state <= seed;
      nmi_left <= 16'd0;
      for (int i = 0; i < 32; i++) left[i] <= 16'd0;
    end else begin
      state <= s2;
      for (int i = 0; i < 32; i++) if (left[i] != 16'd0) left[i] <= left[i] - 16'd1;
      if (nmi_left != 16'd0) nmi_left <= nmi_left - 16'd1;
      if (s1[15:0] < irq_rate && lines[line]) left[line] <= len;
      if (s2[15:0] < nmi_rate) nmi_left <= len;
    end
  end
endmodule
