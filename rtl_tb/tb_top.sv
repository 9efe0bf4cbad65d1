// Testbench: the reference core with its AHB-Lite system (code SRAM, SRAM, MTB SRAM and SFRs, SCS, the timer
// peripheral, default slave), the interrupt sources (the timer on IRQ TimerIrq, random pulses of irq_source on
// the IRQ lines and NMI when asked by plusargs; rtl_tb/README.md), the monitor, the semihosting service
// (armv6m_semihost) and the end of test. It loads the program of +elf=<file> itself (armv6m_tb_pkg's ELF
// loader). The C++ main (sim/tb_main.cpp) drives the clock and reads the result through the imported tb_exit
// (or, when the simulation stopped before the program's exit, tb_stopped);
// an ELF that cannot be loaded is tb_exit code 2 (usage).
// The parameters are the implementation choices the model takes as --config keys (model/ARCHITECTURE.md,
// "Configuration"); the defaults are the model's; a Verilator build sets them with -G. The monitor declares them
// to the checker (model=), which compares them with the golden's record at open.
module tb_top #(
  parameter logic [31:0] LrReset     = 32'hFFFF_FFFF,  // lr_reset
  parameter logic [31:0] CpuId       = 32'h410C_C601,  // cpuid
  parameter int unsigned NumIrq      = 32,             // num_irq
  parameter bit          MtbPresent  = 1'b1,           // mtb
  parameter logic [31:0] MtbBase     = 32'hF000_0000,  // mtb_base
  parameter bit          TailChain   = 1'b0,           // tail_chain
  parameter bit          LateArrival = 1'b0,           // late_arrival
  parameter bit          SysTickCycles = 1'b0,         // systick: 0 insn, 1 cycles (live mode only)
  parameter logic [31:0] RReset      = 32'h0000_0000,  // r_reset: r0-r12 at reset
  parameter bit          RResetUnknown = 1'b0,         // r_reset:unknown: the golden holds them UNKNOWN (the core
                                                       // still resets them to RReset)
  parameter bit          VtorPresent = 1'b1,           // vtor
  parameter logic [31:0] SystCalib   = 32'h0000_0000,  // syst_calib
  parameter bit          PendBarrier = 1'b0,           // sw_pend: 0 store, 1 barrier
  parameter bit          AbandonUnstack = 1'b0,        // abandon_unstack
  parameter bit          ShcsrPresent = 1'b1,          // shcsr
  parameter logic [3:0]  ApsrReset   = 4'h0,           // apsr_reset: N Z C V at reset
  parameter bit          ApsrResetUnknown = 1'b0,      // apsr_reset:unknown: the golden holds the flags UNKNOWN (the
                                                       // core still resets them to ApsrReset)
  // How the core is connected to the checker (dpi/CHECKING_YOUR_CORE.md, "A second integration"): 0 as designed
  // for it (write ports, HPROT[0] tells data from fetches); 1 as a core not built for it would be: no write
  // ports (registers only through the visibility port), HPROT[0] = 1 on every transfer, so that fetches and
  // vector reads look like data, and only the documented options to make up for it.
  parameter bit          ForeignIntegration = 1'b0,
  // 1: the checker sees the core as it would see Arm's Cortex-M0 (dpi/CHECKING_YOUR_CORE.md, "Cortex-M0 and
  // Cortex-M0+"): only its visibility port and its bus (rtl_tb/monitors/armv6m_vis_adapter.sv), no halting debug
  // (semihosting served on the fetch, rtl_tb/armv6m_semihost_fetch.sv), vector reads marked as data
  parameter bit          VisPort = 1'b0,
  // the timing of the core's Cortex-M0 visibility port (rtl_tb/core/m0_vis.sv): Arm's core's by default;
  // +vis_timing=<hex> (the bits of m0_pkg::vis_timing_t) selects another at run time
  parameter m0_pkg::vis_timing_t VisTiming = m0_pkg::VIS_TIMING_M0
) (
  input logic clk,
  input logic rst_n
);
  // AHB-Lite (the core's; hrdata and hready as the shell returns them: through the semihosting on the fetch)
  logic [31:0] haddr, hwdata, core_hrdata, seen_hrdata;
  logic [1:0]  core_htrans, scs_htrans;
  logic        hwrite, hresp, core_hready, scs_hready, scs_hsel, scs_hreadyout, scs_hresp, stop;
  logic [2:0]  hsize;
  logic [3:0]  hprot, core_hprot;
  logic [31:0] scs_hrdata;

  // core <-> SCS, MTB, testbench
  logic [31:0] irq_pending, vtor;
  logic [63:0] irq_prio;
  logic        nmi_pending, pendsv_pending, systick_pending, clr_valid;
  logic [1:0]  pri_svcall, pri_pendsv, pri_systick;
  logic        shcsr_we, shcsr_svcallpended, svc_pending, svc_held;
  logic [5:0]  clr_num, ipsr;
  logic        retire_valid, retire_is32, retire_cond, rf_we_a, rf_we_b, exc_valid, exc_choice;
  logic [31:0] retire_pc, retire_opcode, rf_data_a, rf_data_b, exc_ret;
  logic [31:0] vis_regs [21];
  logic [4:0]  rf_id_a, rf_id_b;
  logic [5:0]  exc_num;
  logic        mtb_ev_valid, mtb_ev_a;
  logic [31:0] mtb_ev_src, mtb_ev_dst;
  logic        semihost_req, semihost_ack, semihost_wr_r0, halted, lockup;
  logic        lockup_seen;  // LOCKUP as the trace port has caught up with it (VisPort: the adapter's lockup_shown)
  logic [31:0] semihost_op, semihost_arg, semihost_r0;
  // vis-glue begin: Cortex-M0's visibility port
  logic [31:0] vis_r [13];
  logic [31:0] vis_lr;
  logic [29:0] vis_msp, vis_psp;
  logic [30:0] vis_pc;
  logic [3:0]  vis_apsr;
  logic [5:0]  vis_ipsr;
  logic        vis_control, vis_primask;
  // vis-glue end
  logic [31:0] irq_lines;  // the SCS's interrupt inputs (the shell's: the timer and the random pulses)
  logic        nmi_line;

  m0_pkg::vis_timing_t vis_timing;
  initial begin
    logic [$bits(vis_timing)-1:0] v;  // the harness checks the value's range
    if ($value$plusargs("vis_timing=%h", v) != 0) vis_timing = v;
    else vis_timing = VisTiming;
  end

  m0_core #(
    .LrReset       (LrReset),
    .RReset        (RReset),
    .ApsrReset     (ApsrReset),
    .TailChain     (TailChain),
    .LateArrival   (LateArrival),
    .AbandonUnstack(AbandonUnstack),
    .VectorReadsData(VisPort)
  ) u_core (
    .clk, .rst_n, .haddr, .htrans(core_htrans), .hwrite, .hsize, .hprot(core_hprot), .hwdata, .hrdata(core_hrdata),
    .hready(core_hready), .hresp,
    .irq_pending, .irq_prio, .nmi_pending, .pendsv_pending, .systick_pending, .pri_svcall, .pri_pendsv,
    .pri_systick, .vtor, .shcsr_we, .shcsr_svcallpended, .svc_pending_o(svc_pending), .svc_held, .clr_valid, .clr_num,
    .ipsr_o(ipsr),
    .retire_valid, .retire_pc, .retire_opcode, .retire_is32, .retire_cond,
    .rf_we_a, .rf_id_a, .rf_data_a, .rf_we_b, .rf_id_b, .rf_data_b, .exc_valid, .exc_num, .exc_ret,
    .exc_choice, .vis_regs,
    .mtb_ev_valid, .mtb_ev_src, .mtb_ev_dst, .mtb_ev_a,
    .semihost_req, .semihost_op, .semihost_arg, .semihost_ack, .semihost_wr_r0, .semihost_r0, .halted, .lockup,
    // vis-glue begin
    .vis_r0_o(vis_r[0]), .vis_r1_o(vis_r[1]), .vis_r2_o(vis_r[2]), .vis_r3_o(vis_r[3]), .vis_r4_o(vis_r[4]),
    .vis_r5_o(vis_r[5]), .vis_r6_o(vis_r[6]), .vis_r7_o(vis_r[7]), .vis_r8_o(vis_r[8]), .vis_r9_o(vis_r[9]),
    .vis_r10_o(vis_r[10]), .vis_r11_o(vis_r[11]), .vis_r12_o(vis_r[12]), .vis_r14_o(vis_lr), .vis_msp_o(vis_msp),
    .vis_psp_o(vis_psp), .vis_pc_o(vis_pc), .vis_apsr_o(vis_apsr), .vis_ipsr_o(vis_ipsr),
    .vis_control_o(vis_control), .vis_primask_o(vis_primask), .vis_timing
    // vis-glue end
  );

  // The system around the core: memories, loader, semihosting, interrupt inputs, monitor, end of test
  // (armv6m_shell); its SCS is the reference core's own, outside the core, on the shell's slave port at 0xE000E000.
  scs #(
    .CpuId(CpuId), .NumIrq(NumIrq), .SysTickCycles(SysTickCycles), .VtorPresent(VtorPresent), .SystCalib(SystCalib),
    .PendBarrier(PendBarrier), .ShcsrPresent(ShcsrPresent)
  ) u_scs (
    .clk, .rst_n, .hsel(scs_hsel), .haddr, .htrans(scs_htrans), .hwrite, .hsize, .hwdata, .hready(scs_hready),
    .hreadyout(scs_hreadyout), .hresp(scs_hresp), .hrdata(scs_hrdata), .retire(retire_valid), .irq_i(irq_lines),
    .nmi_i(nmi_line),
    // the retiring instruction returned from an exception: its MTB branch event goes to an EXC_RETURN value
    .exc_return(mtb_ev_valid && !mtb_ev_a && mtb_ev_dst[31:28] == 4'hF),
    // the retiring instruction is a DSB or an ISB (the core's SCS interface has no other barrier signal)
    .sync((retire_opcode & 32'hFFFF_FFF0) == 32'hF3BF_8F40 || (retire_opcode & 32'hFFFF_FFF0) == 32'hF3BF_8F60),
    .clr_valid, .clr_num, .ipsr, .irq_pending_o(irq_pending), .irq_prio, .nmi_pending_o(nmi_pending),
    .pendsv_pending_o(pendsv_pending), .systick_pending_o(systick_pending), .pri_svcall, .pri_pendsv, .pri_systick,
    .vtor, .svc_pending_i(svc_pending), .shcsr_we, .shcsr_svcallpended,
    .svc_held_o(svc_held)
  );

  // a core that marks every transfer as data (ForeignIntegration): the bus and the trace port see it so
  assign hprot = ForeignIntegration ? core_hprot | 4'b0001 : core_hprot;

  // What this system was built with, for the checker: its parameters and what SysTick counts (the SCS). mtb_base
  // also tells the checker where the golden's MTB registers are. The shell adds the timer's registers as volatile
  // (in file mode the golden has their values already). Not SysTick's registers: the model drops writes to a
  // volatile range, and SysTick counts in the model from the cycles the monitor reports.
  localparam string ChkOptions = {
      $sformatf("mtb_base=0x%08x,model=lr_reset:0x%08x;cpuid:0x%08x;", MtbBase, LrReset, CpuId),
      $sformatf("mtb:%0d;mtb_base:0x%08x;num_irq:%0d;", MtbPresent, MtbBase, NumIrq),
      // (two whole literals: a conditional between literals of different lengths would pad the shorter one)
      SysTickCycles ? "systick:cycles;" : "systick:insn;",
      $sformatf("tail_chain:%0d;late_arrival:%0d;", TailChain, LateArrival),
      RResetUnknown ? "r_reset:unknown;" : $sformatf("r_reset:0x%08x;", RReset),
      $sformatf("vtor:%0d;syst_calib:0x%08x;", VtorPresent, SystCalib),
      PendBarrier ? "sw_pend:barrier;" : "sw_pend:store;",
      $sformatf("abandon_unstack:%0d;shcsr:%0d;", AbandonUnstack, ShcsrPresent),
      ApsrResetUnknown ? "apsr_reset:unknown" : $sformatf("apsr_reset:0x%08x", {ApsrReset, 28'd0}),
      // the foreign integration makes up for what its core cannot show with documented options only; so does
      // the Cortex-M0 one, whose vector reads are data, and whose entries show in live mode up to 200 cycles after
      // the core chose them (eight stacking writes and a vector read with wait states)
      ForeignIntegration ? ",data_beats=golden" : "",
      // vis-glue begin
      VisPort ? ",data_beats=golden,decision_window=200" : ""};
      // vis-glue end

  // the core's trace port, as dpi/CHECKING_YOUR_CORE.md has it: write ports and the visibility port both, so
  // that one build runs either mode (+tarmac_regs=snapshot); the foreign integration has the visibility port only.
  // VisPort: only Cortex-M0's visibility port and the bus, through the visibility-port adapter; semihosting served
  // on the fetch (the shell's SemihostFetch).
  localparam int NumWrPorts = ForeignIntegration || VisPort ? 0 : 2;
  // vis-glue begin
  armv6m_trace_if #(.NUM_WR_PORTS(NumWrPorts)) u_tp (.clk, .rst_n);
  // vis-glue end
  armv6m_shell #(
    .Name("tb_top"), .MtbPresent(MtbPresent), .MtbBase(MtbBase), .ScsOnBus(1'b1), .SemihostFetch(VisPort),
    .SysTickCycles(SysTickCycles), .Snapshot(ForeignIntegration || VisPort), .ChoiceTakes(VisPort),
    .Options(ChkOptions)
  ) u_shell (
    .clk, .rst_n, .haddr, .htrans(core_htrans), .hwrite, .hsize, .hprot, .hwdata, .hrdata(core_hrdata),
    .hready(core_hready), .hresp, .seen_hrdata, .ext_hsel(scs_hsel), .ext_htrans(scs_htrans),
    .ext_hready(scs_hready), .ext_hreadyout(scs_hreadyout), .ext_hresp(scs_hresp), .ext_hrdata(scs_hrdata),
    .irq(irq_lines), .nmi(nmi_line), .sh_req(semihost_req), .sh_op(semihost_op), .sh_arg(semihost_arg),
    .sh_ack(semihost_ack), .sh_wr_r0(semihost_wr_r0), .sh_r0(semihost_r0), .pc({vis_pc, 1'b0}), .r0(vis_r[0]),
    .r1(vis_r[1]), .mtb_ev_valid, .mtb_ev_src, .mtb_ev_dst, .mtb_ev_a, .lockup(lockup_seen), .stop, .tp(u_tp)
  );
  always_ff @(posedge clk) if (stop) $finish;
  if (VisPort) begin : g_vis
    // vis-glue begin: the adapter
    armv6m_vis_adapter u_vis (
      .clk, .rst_n, .vis_r0(vis_r[0]), .vis_r1(vis_r[1]), .vis_r2(vis_r[2]), .vis_r3(vis_r[3]), .vis_r4(vis_r[4]),
      .vis_r5(vis_r[5]), .vis_r6(vis_r[6]), .vis_r7(vis_r[7]), .vis_r8(vis_r[8]), .vis_r9(vis_r[9]),
      .vis_r10(vis_r[10]), .vis_r11(vis_r[11]), .vis_r12(vis_r[12]), .vis_r14(vis_lr), .vis_msp, .vis_psp, .vis_pc,
      .vis_apsr, .vis_ipsr, .vis_control, .vis_primask, .haddr, .htrans(core_htrans), .hwrite, .hsize,
      .hprot0(hprot[0]), .hrdata(seen_hrdata), .hready(core_hready), .hresp, .lockup, .lockup_shown(lockup_seen),
      .tp(u_tp)
    );
    // vis-glue end
    logic unused_core;  // what the core shows besides the visibility port and the bus
    assign unused_core = ^{retire_valid, retire_pc, retire_opcode, retire_is32, retire_cond, rf_we_a, rf_id_a,
                           rf_data_a, rf_we_b, rf_id_b, rf_data_b, exc_valid, exc_num, exc_ret, exc_choice, vis_regs};
  end else begin : g_core_port
    assign lockup_seen = lockup;
    assign u_tp.retire_valid = retire_valid;
    assign u_tp.retire_pc = retire_pc;
    assign u_tp.retire_opcode = retire_opcode;
    assign u_tp.retire_is32 = retire_is32;
    assign u_tp.retire_cond = retire_cond;
    if (ForeignIntegration) begin : g_no_write_ports
      assign u_tp.wr_valid[0] = 1'b0;
      assign u_tp.wr_id[0] = 5'd0;
      assign u_tp.wr_data[0] = 32'd0;
      logic unused_wr;
      assign unused_wr = ^{rf_we_a, rf_id_a, rf_data_a, rf_we_b, rf_id_b, rf_data_b};
    end else begin : g_write_ports
      assign u_tp.wr_valid[0] = rf_we_a;
      assign u_tp.wr_id[0] = rf_id_a;
      assign u_tp.wr_data[0] = rf_data_a;
      assign u_tp.wr_valid[1] = rf_we_b;
      assign u_tp.wr_id[1] = rf_id_b;
      assign u_tp.wr_data[1] = rf_data_b;
    end
    assign u_tp.exc_valid = exc_valid;
    assign u_tp.exc_num = exc_num;
    assign u_tp.exc_ret = exc_ret;
    assign u_tp.exc_choice = exc_choice;
    assign u_tp.snap_regs = vis_regs;
    assign u_tp.snap_shown = 21'h1f_7fff;  // all but the PC (bit 15)
    logic unused_vis;
    // element by element: an unpacked array inside a concatenation breaks Verilator's FST tracing code
    assign unused_vis = ^{seen_hrdata, vis_r[2], vis_r[3], vis_r[4], vis_r[5], vis_r[6], vis_r[7], vis_r[8],
                          vis_r[9], vis_r[10], vis_r[11], vis_r[12], vis_lr, vis_msp, vis_psp, vis_apsr,
                          vis_ipsr, vis_control, vis_primask};
  end

  // The AHB-Lite protocol of the core's master port, bound into the core (its assertions run in the builds
  // with --assert: make test, make sim). The core does single transfers only and has no HBURST: SINGLE.
  bind m0_core ahb_lite_master_checker u_ahb_chk (
    .clk, .rst_n, .haddr, .htrans, .hwrite, .hsize, .hburst(3'b000), .hprot, .hwdata, .hready, .hresp
  );

  logic unused;
  assign unused = ^{halted};
endmodule
