// The reference core as a Cortex-M0 netlist is delivered: m0_core in Arm's Cortex-M0 configuration with its
// system control space (scs: SysTick counting clock cycles, the NVIC, the SCB) inside, and only Cortex-M0's ports
// outside: the AHB-Lite master, IRQ0-15 and NMI, LOCKUP and the visibility port (vis_*_o, rtl_tb/core/README.md).
// The SCS's accesses do not reach the outside bus (HTRANS IDLE there), as on Arm's core. A testbench checks it as
// it would check Arm's netlist: through the visibility-port adapter, from the system shell (rtl_tb/README.md,
// "The system shell"; tests/rtl/shell/cm0_tb.sv). The parameters are the choices of tb_top's Cortex-M0
// configuration (sim/sim.mk M0_PARAMS), and SysTickCycles (1: SysTick counts clock cycles, as Cortex-M0's).
module m0_cortexm0 #(
  parameter bit SysTickCycles = 1'b1,
  parameter m0_pkg::vis_timing_t VisTiming = m0_pkg::VIS_TIMING_M0  // the visibility port's: Arm's core's
) (
  input  logic        hclk,
  input  logic        hresetn,
  output logic [31:0] haddr_o,
  output logic [1:0]  htrans_o,
  output logic        hwrite_o,
  output logic [2:0]  hsize_o,
  output logic [3:0]  hprot_o,
  output logic [31:0] hwdata_o,
  input  logic [31:0] hrdata_i,
  input  logic        hready_i,
  input  logic        hresp_i,
  input  logic [15:0] irq_i,
  input  logic        nmi_i,
  output logic        lockup_o,
  output logic [31:0] vis_r0_o, vis_r1_o, vis_r2_o, vis_r3_o, vis_r4_o, vis_r5_o, vis_r6_o, vis_r7_o, vis_r8_o,
  output logic [31:0] vis_r9_o, vis_r10_o, vis_r11_o, vis_r12_o, vis_r14_o,
  output logic [29:0] vis_msp_o,
  output logic [29:0] vis_psp_o,
  output logic [30:0] vis_pc_o,
  output logic [3:0]  vis_apsr_o,
  output logic [5:0]  vis_ipsr_o,
  output logic        vis_control_o,
  output logic        vis_primask_o
);
  logic [31:0] irq_pending, vtor, hrdata, scs_hrdata, retire_opcode, mtb_ev_dst;
  logic [63:0] irq_prio;
  logic        nmi_pending, pendsv_pending, systick_pending, clr_valid, shcsr_we, shcsr_svcallpended, svc_pending;
  logic        svc_held, retire_valid, mtb_ev_valid, mtb_ev_a, hready, hresp, scs_hreadyout, scs_hresp;
  logic [1:0]  pri_svcall, pri_pendsv, pri_systick, htrans;
  logic [5:0]  clr_num, ipsr;
  logic        to_scs, dp_scs;    // the address phase is the SCS's; the data phase under way is
  assign to_scs = haddr_o[31:12] == m0_pkg::SCS_BASE[31:12];
  always_ff @(posedge hclk or negedge hresetn)
    if (!hresetn) dp_scs <= 1'b0;
    else if (hready) dp_scs <= htrans[1] && to_scs;
  assign htrans_o = to_scs || dp_scs && !scs_hreadyout ? 2'b00 : htrans;
  assign hready = dp_scs ? scs_hreadyout : hready_i;
  assign hresp = dp_scs ? scs_hresp : hresp_i;
  assign hrdata = dp_scs ? scs_hrdata : hrdata_i;

  /* verilator lint_off PINCONNECTEMPTY */  // what the core shows besides Cortex-M0's ports
  m0_core #(
    .RReset(32'hFFFF_FFFF), .ApsrReset(4'hC), .TailChain(1'b1), .LateArrival(1'b1), .AbandonUnstack(1'b1),
    .VectorReadsData(1'b1)
  ) u_core (
    .clk(hclk), .rst_n(hresetn), .haddr(haddr_o), .htrans, .hwrite(hwrite_o), .hsize(hsize_o), .hprot(hprot_o),
    .hwdata(hwdata_o), .hrdata, .hready, .hresp, .irq_pending, .irq_prio, .nmi_pending, .pendsv_pending,
    .systick_pending, .pri_svcall, .pri_pendsv, .pri_systick, .vtor, .shcsr_we, .shcsr_svcallpended,
    .svc_pending_o(svc_pending), .svc_held, .clr_valid, .clr_num, .ipsr_o(ipsr), .retire_valid, .retire_pc(),
    .retire_opcode, .retire_is32(), .retire_cond(), .rf_we_a(), .rf_id_a(), .rf_data_a(), .rf_we_b(), .rf_id_b(),
    .rf_data_b(), .exc_valid(), .exc_num(), .exc_ret(), .exc_choice(), .vis_regs(), .mtb_ev_valid, .mtb_ev_src(),
    .mtb_ev_dst, .mtb_ev_a, .semihost_req(), .semihost_op(), .semihost_arg(), .semihost_ack(1'b0),
    .semihost_wr_r0(1'b0), .semihost_r0(32'd0), .halted(), .lockup(lockup_o), .vis_r0_o, .vis_r1_o, .vis_r2_o,
    .vis_r3_o, .vis_r4_o, .vis_r5_o, .vis_r6_o, .vis_r7_o, .vis_r8_o, .vis_r9_o, .vis_r10_o, .vis_r11_o, .vis_r12_o,
    .vis_r14_o, .vis_msp_o, .vis_psp_o, .vis_pc_o, .vis_apsr_o, .vis_ipsr_o, .vis_control_o, .vis_primask_o,
    .vis_timing(VisTiming)
  );
  /* verilator lint_on PINCONNECTEMPTY */
  scs #(
    .CpuId(32'h410C_C200), .SysTickCycles(SysTickCycles), .VtorPresent(1'b0), .SystCalib(32'hC000_0000),
    .PendBarrier(1'b1), .NumIrq(16)
  ) u_scs (
    .clk(hclk), .rst_n(hresetn), .hsel(to_scs), .haddr(haddr_o), .htrans, .hwrite(hwrite_o), .hsize(hsize_o),
    .hwdata(hwdata_o), .hready, .hreadyout(scs_hreadyout), .hresp(scs_hresp), .hrdata(scs_hrdata),
    .retire(retire_valid), .irq_i({16'd0, irq_i}), .nmi_i,
    .exc_return(mtb_ev_valid && !mtb_ev_a && mtb_ev_dst[31:28] == 4'hF),
    .sync((retire_opcode & 32'hFFFF_FFF0) == 32'hF3BF_8F40 || (retire_opcode & 32'hFFFF_FFF0) == 32'hF3BF_8F60),
    .clr_valid, .clr_num, .ipsr, .irq_pending_o(irq_pending), .irq_prio, .nmi_pending_o(nmi_pending),
    .pendsv_pending_o(pendsv_pending), .systick_pending_o(systick_pending), .pri_svcall, .pri_pendsv, .pri_systick,
    .vtor, .svc_pending_i(svc_pending), .shcsr_we, .shcsr_svcallpended, .svc_held_o(svc_held)
  );
  logic unused;  // an MTB event's destination: only whether it is an EXC_RETURN value
  assign unused = ^mtb_ev_dst[27:0];
endmodule
