// A Cortex-M0 checked from the system shell (rtl_tb/README.md, "The system shell"): the core's instance, its
// ports, the visibility-port adapter and the shell, nothing else. The core is the reference core as a Cortex-M0
// netlist (rtl_tb/core/m0_cortexm0.sv); Arm's netlist takes its place with the same ports.
module cm0_tb (
  input logic clk,
  input logic rst_n
);
  logic [31:0] haddr, hwdata, hrdata, seen_hrdata, r [13], lr;
  /* verilator lint_off UNUSEDSIGNAL */  // IRQ16-31: the core has 16 lines
  logic [31:0] irq;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [1:0]  htrans;
  logic        hwrite, hready, hresp, nmi, lockup, lockup_shown, stop, control, primask;
  logic [2:0]  hsize;
  logic [3:0]  hprot, apsr;
  logic [29:0] msp, psp;
  logic [30:0] pc;
  logic [5:0]  ipsr;
  m0_cortexm0 u_cm0 (
    .hclk(clk), .hresetn(rst_n), .haddr_o(haddr), .htrans_o(htrans), .hwrite_o(hwrite), .hsize_o(hsize),
    .hprot_o(hprot), .hwdata_o(hwdata), .hrdata_i(hrdata), .hready_i(hready), .hresp_i(hresp), .irq_i(irq[15:0]),
    .nmi_i(nmi), .lockup_o(lockup), .vis_r0_o(r[0]), .vis_r1_o(r[1]), .vis_r2_o(r[2]), .vis_r3_o(r[3]),
    .vis_r4_o(r[4]), .vis_r5_o(r[5]), .vis_r6_o(r[6]), .vis_r7_o(r[7]), .vis_r8_o(r[8]), .vis_r9_o(r[9]),
    .vis_r10_o(r[10]), .vis_r11_o(r[11]), .vis_r12_o(r[12]), .vis_r14_o(lr), .vis_msp_o(msp), .vis_psp_o(psp),
    .vis_pc_o(pc), .vis_apsr_o(apsr), .vis_ipsr_o(ipsr), .vis_control_o(control), .vis_primask_o(primask)
  );
  armv6m_trace_if #(.NUM_WR_PORTS(0)) u_tp (.clk, .rst_n);
  armv6m_vis_adapter u_vis (
    .clk, .rst_n, .vis_r0(r[0]), .vis_r1(r[1]), .vis_r2(r[2]), .vis_r3(r[3]), .vis_r4(r[4]), .vis_r5(r[5]),
    .vis_r6(r[6]), .vis_r7(r[7]), .vis_r8(r[8]), .vis_r9(r[9]), .vis_r10(r[10]), .vis_r11(r[11]), .vis_r12(r[12]),
    .vis_r14(lr), .vis_msp(msp), .vis_psp(psp), .vis_pc(pc), .vis_apsr(apsr), .vis_ipsr(ipsr),
    .vis_control(control), .vis_primask(primask), .haddr, .htrans, .hwrite, .hsize, .hprot0(hprot[0]),
    .hrdata(seen_hrdata), .hready, .hresp, .lockup, .lockup_shown, .tp(u_tp)
  );
  // the core's choices (its SCS inside: never on the bus; SysTick counting cycles) and the adapter's latency
  /* verilator lint_off PINCONNECTEMPTY */  // no SCS on the bus, no halting semihosting call
  armv6m_shell #(
    .Name("cm0_tb"), .SemihostFetch(1'b1), .SysTickCycles(1'b1), .Snapshot(1'b1), .ChoiceTakes(1'b1),
    .Options({"mtb=0,data_beats=golden,bus_ignore=0xE000E000-0xE000EFFF,decision_window=200,model=preset:cortex-m0;",
              "sw_pend:barrier;apsr_reset:0xc0000000;shcsr:1;mtb:0;num_irq:16;systick:cycles"})
  ) u_shell (
    .clk, .rst_n, .haddr, .htrans, .hwrite, .hsize, .hprot, .hwdata, .hrdata, .hready, .hresp, .seen_hrdata,
    .ext_hsel(), .ext_htrans(), .ext_hready(), .ext_hreadyout(1'b1), .ext_hresp(1'b0), .ext_hrdata(32'd0), .irq,
    .nmi, .sh_req(1'b0), .sh_op(32'd0), .sh_arg(32'd0), .sh_ack(), .sh_wr_r0(), .sh_r0(), .pc({pc, 1'b0}),
    .r0(r[0]), .r1(r[1]), .mtb_ev_valid(1'b0), .mtb_ev_src(32'd0), .mtb_ev_dst(32'd0), .mtb_ev_a(1'b0), .lockup(lockup_shown),
    .stop, .tp(u_tp)
  );
  /* verilator lint_on PINCONNECTEMPTY */
  always_ff @(posedge clk) if (stop) $finish;
endmodule
