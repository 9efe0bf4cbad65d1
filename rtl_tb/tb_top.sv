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
  parameter bit          VisPort = 1'b0
) (
  input logic clk,
  input logic rst_n
);
  import "DPI-C" function void tb_exit(input int code, input int checker_status, input longint cycles,
                                       input longint retired);
  // The end of a simulation that stopped before the program's exit ($fatal of the checker, timeout): the
  // checker's verdict, so that the harness can tell a checker halt from any other stop.
  import "DPI-C" function void tb_stopped(input int checker_status, input longint cycles, input longint retired);

  logic [63:0] cycle, retired;
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      cycle <= 64'd0;
      retired <= 64'd0;
    end else begin
      cycle <= cycle + 64'd1;
      retired <= retired + {63'd0, u_tp.retire_valid};
    end
  end

  // AHB-Lite (the core's htrans, hready and hrdata: the bus's, or through the semihosting on the fetch)
  logic [31:0] haddr, hwdata, hrdata, core_hrdata, seen_hrdata;
  logic [1:0]  htrans, core_htrans;
  logic        hwrite, hready, hresp, core_hready;
  logic [2:0]  hsize;
  logic [3:0]  hprot, core_hprot;
  logic [6:0]  hsel, s_hreadyout, s_hresp;
  logic [31:0] s_hrdata [0:6];

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
  logic        mtb_ev_valid, mtb_ev_a, pw_en, pkt_valid;
  logic [31:0] mtb_ev_src, mtb_ev_dst, pkt_w0, pkt_w1;
  logic [11:0] pw_addr;
  logic [63:0] pw_data;
  logic        semihost_req, semihost_ack, semihost_wr_r0, halted, lockup;
  logic [31:0] semihost_op, semihost_arg, semihost_r0;
  logic        sh_req, sh_req_q, call_retire, call_retired;  // the semihosting call, and the retire of its BKPT
  logic [31:0] sh_op, sh_arg;
  // vis-glue begin: Cortex-M0's visibility port
  logic [31:0] vis_r [13];
  logic [31:0] vis_lr;
  logic [29:0] vis_msp, vis_psp;
  logic [30:0] vis_pc;
  logic [3:0]  vis_apsr;
  logic [5:0]  vis_ipsr;
  logic        vis_control, vis_primask;
  // vis-glue end
  logic [31:0] irq_lines, stim_irq;  // the SCS's interrupt inputs; the random pulses among them
  logic        nmi_line, timer_irq;

  logic [7:0]  wait_pct;
  logic [31:0] seed;
  initial begin
    int v;
    if ($value$plusargs("waitstates=%d", v) != 0) wait_pct = 8'(v); else wait_pct = 8'd0;
    if ($value$plusargs("seed=%d", v) != 0) seed = v; else seed = 32'd1;
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
    .vis_control_o(vis_control), .vis_primask_o(vis_primask)
    // vis-glue end
  );

  ahb_interconnect #(.MtbPresent(MtbPresent), .MtbBase(MtbBase)) u_ic (
    .clk, .rst_n, .haddr, .htrans, .hsel, .hready, .hresp, .hrdata, .s_hreadyout, .s_hresp, .s_hrdata
  );

  ahb_sram #(.AW(18)) u_code (
    .clk, .rst_n, .hsel(hsel[0]), .haddr, .htrans, .hwrite, .hsize, .hwdata, .hready, .hreadyout(s_hreadyout[0]),
    .hresp(s_hresp[0]), .hrdata(s_hrdata[0]), .wait_pct, .seed, .pw_en(1'b0), .pw_addr(18'd0), .pw_data(64'd0)
  );
  ahb_sram #(.AW(16)) u_sram (
    .clk, .rst_n, .hsel(hsel[1]), .haddr, .htrans, .hwrite, .hsize, .hwdata, .hready, .hreadyout(s_hreadyout[1]),
    .hresp(s_hresp[1]), .hrdata(s_hrdata[1]), .wait_pct, .seed(seed ^ 32'h5a5a5a5a), .pw_en(1'b0),
    .pw_addr(16'd0), .pw_data(64'd0)
  );
  ahb_sram #(.AW(12)) u_mtbram (
    .clk, .rst_n, .hsel(hsel[2]), .haddr, .htrans, .hwrite, .hsize, .hwdata, .hready, .hreadyout(s_hreadyout[2]),
    .hresp(s_hresp[2]), .hrdata(s_hrdata[2]), .wait_pct, .seed(seed ^ 32'h3c3c3c3c), .pw_en, .pw_addr, .pw_data
  );
  mtb u_mtb (
    .clk, .rst_n, .hsel(hsel[3]), .haddr, .htrans, .hwrite, .hsize, .hwdata, .hready, .hreadyout(s_hreadyout[3]),
    .hresp(s_hresp[3]), .hrdata(s_hrdata[3]), .ev_valid(mtb_ev_valid), .ev_src(mtb_ev_src), .ev_dst(mtb_ev_dst),
    .ev_a(mtb_ev_a), .pw_en, .pw_addr, .pw_data, .pkt_valid, .pkt_w0, .pkt_w1
  );
  scs #(
    .CpuId(CpuId), .NumIrq(NumIrq), .SysTickCycles(SysTickCycles), .VtorPresent(VtorPresent), .SystCalib(SystCalib),
    .PendBarrier(PendBarrier), .ShcsrPresent(ShcsrPresent)
  ) u_scs (
    .clk, .rst_n, .hsel(hsel[4]), .haddr, .htrans, .hwrite, .hsize, .hwdata, .hready, .hreadyout(s_hreadyout[4]),
    .hresp(s_hresp[4]), .hrdata(s_hrdata[4]), .retire(retire_valid), .irq_i(irq_lines), .nmi_i(nmi_line),
    // the retiring instruction returned from an exception: its MTB branch event goes to an EXC_RETURN value
    .exc_return(mtb_ev_valid && !mtb_ev_a && mtb_ev_dst[31:28] == 4'hF),
    // the retiring instruction is a DSB or an ISB (the core's SCS interface has no other barrier signal)
    .sync((retire_opcode & 32'hFFFF_FFF0) == 32'hF3BF_8F40 || (retire_opcode & 32'hFFFF_FFF0) == 32'hF3BF_8F60),
    .clr_valid, .clr_num, .ipsr, .irq_pending_o(irq_pending), .irq_prio, .nmi_pending_o(nmi_pending),
    .pendsv_pending_o(pendsv_pending), .systick_pending_o(systick_pending), .pri_svcall, .pri_pendsv, .pri_systick,
    .vtor, .svc_pending_i(svc_pending), .shcsr_we, .shcsr_svcallpended,
    .svc_held_o(svc_held)
  );
  ahb_default_slave u_default (
    .clk, .rst_n, .hsel(hsel[5]), .htrans, .hready, .hreadyout(s_hreadyout[5]), .hresp(s_hresp[5])
  );
  assign s_hrdata[5] = 32'd0;
  ahb_timer u_timer (
    .clk, .rst_n, .hsel(hsel[6]), .haddr, .htrans, .hwrite, .hsize, .hwdata, .hready, .hreadyout(s_hreadyout[6]),
    .hresp(s_hresp[6]), .hrdata(s_hrdata[6]), .irq(timer_irq)
  );

  // The interrupt inputs: the timer's line and the random pulses (+irq_rate=, +nmi_rate=: irq_source.sv)
  localparam int unsigned TimerIrq = 0;
  irq_source u_irq_src (.clk, .rst_n, .irq(stim_irq), .nmi(nmi_line));
  assign irq_lines = stim_irq | ({31'd0, timer_irq} << TimerIrq);

  // a core that marks every transfer as data (ForeignIntegration): the bus and the trace port see it so
  assign hprot = ForeignIntegration ? core_hprot | 4'b0001 : core_hprot;

  // the core's trace port, as dpi/CHECKING_YOUR_CORE.md has it: write ports and the visibility port both, so
  // that one build runs either mode (+tarmac_regs=snapshot); the foreign integration has the visibility port only.
  // VisPort: only Cortex-M0's visibility port and the bus, through the visibility-port adapter.
  localparam int NumWrPorts = ForeignIntegration || VisPort ? 0 : 2;
  // vis-glue begin
  armv6m_trace_if #(.NUM_WR_PORTS(NumWrPorts)) u_tp (.clk, .rst_n);
  // vis-glue end
  if (VisPort) begin : g_vis
    // vis-glue begin: the adapter, and semihosting served on the fetch (the BKPT's retire ends the test)
    logic [31:0] call_pc;
    logic        call_on;
    armv6m_vis_adapter u_vis (
      .clk, .rst_n, .vis_r0(vis_r[0]), .vis_r1(vis_r[1]), .vis_r2(vis_r[2]), .vis_r3(vis_r[3]), .vis_r4(vis_r[4]),
      .vis_r5(vis_r[5]), .vis_r6(vis_r[6]), .vis_r7(vis_r[7]), .vis_r8(vis_r[8]), .vis_r9(vis_r[9]),
      .vis_r10(vis_r[10]), .vis_r11(vis_r[11]), .vis_r12(vis_r[12]), .vis_r14(vis_lr), .vis_msp, .vis_psp, .vis_pc,
      .vis_apsr, .vis_ipsr, .vis_control, .vis_primask, .haddr, .htrans(core_htrans), .hwrite, .hsize,
      .hprot0(hprot[0]), .hrdata(seen_hrdata), .hready(core_hready), .hresp, .tp(u_tp)
    );
    armv6m_semihost_fetch u_sh_fetch (
      .clk, .rst_n, .haddr, .htrans(core_htrans), .hwrite, .hsize, .hprot, .hrdata, .hready, .hresp,
      .bus_htrans(htrans), .core_hready, .core_hrdata, .seen_hrdata, .pc({vis_pc, 1'b0}), .r0(vis_r[0]),
      .r1(vis_r[1]), .req(call_on), .op(sh_op), .arg(sh_arg), .ack(semihost_ack), .call_pc
    );
    assign sh_req = call_on;
    assign call_retire = u_tp.retire_valid && u_tp.retire_pc == call_pc;
    // vis-glue end
    logic unused_core;  // what the core shows besides the visibility port and the bus
    assign unused_core = ^{retire_valid, retire_pc, retire_opcode, retire_is32, retire_cond, rf_we_a, rf_id_a,
                           rf_data_a, rf_we_b, rf_id_b, rf_data_b, exc_valid, exc_num, exc_ret, exc_choice, vis_regs,
                           semihost_req, semihost_op, semihost_arg};
  end else begin : g_core_port
    assign htrans = core_htrans;
    assign core_hready = hready;
    assign core_hrdata = hrdata;
    assign seen_hrdata = hrdata;
    assign sh_req = semihost_req;
    assign sh_op = semihost_op;
    assign sh_arg = semihost_arg;
    assign call_retire = retire_valid;  // the core halts on the BKPT until the call is served
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
    assign unused_vis = ^{vis_r[0], vis_r[1], vis_r[2], vis_r[3], vis_r[4], vis_r[5], vis_r[6], vis_r[7], vis_r[8],
                          vis_r[9], vis_r[10], vis_r[11], vis_r[12], vis_lr, vis_msp, vis_psp, vis_pc, vis_apsr,
                          vis_ipsr, vis_control, vis_primask};
  end
  // vis-glue begin: the bus, as the core sees it (through the semihosting on the fetch: VisPort); the system's side:
  // the MTB (Cortex-M0+; tie pkt_valid to 0 and pass mtb=0 without one), the interrupt inputs and SysTick's clock
  assign u_tp.haddr = haddr;
  assign u_tp.htrans = core_htrans;
  assign u_tp.hwrite = hwrite;
  assign u_tp.hsize = hsize;
  assign u_tp.hprot = hprot;
  assign u_tp.hwdata = hwdata;
  assign u_tp.hrdata = seen_hrdata;
  assign u_tp.hready = core_hready;
  assign u_tp.hresp = hresp;
  // the core marks fetches (and, unless VisPort, vector reads) with HPROT[0] = 0 (ForeignIntegration: none)
  assign u_tp.beat_data = hprot[0];
  assign u_tp.pkt_valid = pkt_valid;
  assign u_tp.pkt_w0 = pkt_w0;
  assign u_tp.pkt_w1 = pkt_w1;
  assign u_tp.pkt_offset_shown = 1'b1;
  assign u_tp.pkt_offset = {20'd0, pw_addr};  // the MTB SRAM write port's address, valid with pkt_valid
  assign u_tp.irq = irq_lines;
  assign u_tp.nmi = nmi_line;
  assign u_tp.systick_cycle = SysTickCycles;    // the SCS's SysTick counts every cycle out of reset
  // vis-glue end

  // What this system was built with, for the checker: its parameters and what SysTick counts (the SCS). mtb_base
  // also tells the checker where the golden's MTB registers are. In live mode the model has no timer peripheral:
  // it takes the timer's reads as the RTL's bus returned them (volatile; in file mode the golden has them
  // already). Not SysTick's registers: the model drops writes to a volatile range, and SysTick counts in the
  // model from the cycles the monitor reports.
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
      ",volatile=0x40000000-0x40000fff",
      // the foreign integration makes up for what its core cannot show with documented options only; so does
      // the Cortex-M0 one, whose vector reads are data, and whose entries show in live mode up to 200 cycles after
      // the core chose them (eight stacking writes and a vector read with wait states)
      ForeignIntegration ? ",data_beats=golden" : "",
      // vis-glue begin
      VisPort ? ",data_beats=golden,decision_window=200" : ""};
      // vis-glue end
  // vis-glue begin
  armv6m_lockstep_monitor #(.SNAPSHOT(ForeignIntegration || VisPort), .CHOICE_TAKES(VisPort), .OPTIONS(ChkOptions)) u_mon (.tp(u_tp));
  // vis-glue end

  // The AHB-Lite protocol of the core's master port, bound into the core (its assertions run in the builds
  // with --assert: make test, make sim). The core does single transfers only and has no HBURST: SINGLE.
  bind m0_core ahb_lite_master_checker u_ahb_chk (
    .clk, .rst_n, .haddr, .htrans, .hwrite, .hsize, .hburst(3'b000), .hprot, .hwdata, .hready, .hresp
  );

  // ---- program loading and the semihosting read port (backdoor: not bus transfers) ----
  bit loaded;  // the program is in the memories
  initial begin
    string path, why;
    loaded = 1'b0;
    if ($value$plusargs("elf=%s", path) != 0) begin
      why = load_elf(path);
      loaded = why.len() == 0;
      if (!loaded) begin
        // the harness's usage status, before the first clock
        $fwrite(32'h8000_0002, "tb_top: %s\n", why);
        tb_exit(2, 0, 0, 0);
        $finish;
      end
    end
  end

  // The program's words into the code memory and the SRAM; "" or why it cannot be loaded.
  function automatic string load_elf(string path);
    chandle elf = armv6m_tb_pkg::elf_open(path);
    int unsigned addr, data;
    string why = "";
    if (elf == null) return armv6m_tb_pkg::elf_error();
    while (why.len() == 0 && armv6m_tb_pkg::elf_next_word(elf, addr, data)) begin
      if (addr < m0_pkg::CODE_BASE + m0_pkg::CODE_SIZE) u_code.mem[addr[17:2]] = data;
      else if (addr >= m0_pkg::SRAM_BASE && addr < m0_pkg::SRAM_BASE + m0_pkg::SRAM_SIZE) u_sram.mem[addr[15:2]] = data;
      else why = $sformatf("%s: a loadable word at %08x is outside the code memory and the SRAM", path, addr);
    end
    armv6m_tb_pkg::elf_close(elf);
    return why;
  endfunction

  function automatic logic [7:0] peek8(input logic [31:0] a);
    logic [31:0] w;
    if (a < m0_pkg::CODE_BASE + m0_pkg::CODE_SIZE) w = u_code.mem[a[17:2]];
    else if (a >= m0_pkg::SRAM_BASE && a < m0_pkg::SRAM_BASE + m0_pkg::SRAM_SIZE) w = u_sram.mem[a[15:2]];
    else if (a >= m0_pkg::MTBRAM_BASE && a < m0_pkg::MTBRAM_BASE + m0_pkg::MTBRAM_SIZE) w = u_mtbram.mem[a[11:2]];
    else w = 32'd0;
    return w[8 * a[1:0] +: 8];
  endfunction

  // ---- semihosting: SYS_WRITEC, SYS_WRITE0, SYS_EXIT, SYS_EXIT_EXTENDED; others return -1 ----
  logic [31:0] sh_rd_addr;
  logic [7:0]  sh_rd_data, exit_code;
  logic        exiting;
  assign sh_rd_data = peek8(sh_rd_addr);
  armv6m_semihost u_semihost (
    .clk, .rst_n, .req(sh_req), .op(sh_op), .arg(sh_arg), .ack(semihost_ack),
    .wr_r0(semihost_wr_r0), .r0_value(semihost_r0), .rd_addr(sh_rd_addr), .rd_data(sh_rd_data),
    .exit_valid(exiting), .exit_code
  );

  // The exit BKPT retires (the golden has it), then the test ends at the next clock: the monitor must have
  // passed that retire to the checker before its finish(), and at the same edge the order of the two blocks is
  // the simulator's choice.
  logic        exit_seen;
  logic [63:0] exit_cycle, exit_retired;
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      exit_seen <= 1'b0;
      call_retired <= 1'b0;
      sh_req_q <= 1'b0;
      exit_cycle <= 64'd0;
      exit_retired <= 64'd0;
    end else begin
      sh_req_q <= sh_req;
      if (sh_req && !sh_req_q) call_retired <= 1'b0;  // a call begins
      else if (call_retire) call_retired <= 1'b1;
      if (exiting && (call_retire || call_retired) && !exit_seen) begin
        exit_seen <= 1'b1;
        exit_cycle <= cycle;
        exit_retired <= retired + {63'd0, call_retire};  // the BKPT's retire, unless counted already
      end
      if (exit_seen) begin
        $fflush;
        tb_exit(int'(exit_code), u_mon.finish(), exit_cycle, exit_retired);
        $finish;
      end
      if (lockup) begin
        $display("tb_top: lockup at cycle %0d", cycle);
        tb_exit(125, u_mon.finish(), cycle, retired);
        $finish;
      end
    end
  end
  // After a normal end the monitor's finish() returns 0 and the harness ignores this call. After a stop, the
  // checker's verdict counts only when the checker itself stopped the run: a stop by anything else (an
  // assertion's $fatal) leaves the golden unfinished, which is no lockstep failure. After a load failure the
  // harness has its status and the checker, which saw no step, stays silent.
  final if (loaded) begin
    bit chk_halted;
    int verdict;
    chk_halted = u_mon.halted();
    verdict = u_mon.finish();
    tb_stopped(chk_halted ? verdict : 0, cycle, retired);
  end

  logic unused;
  assign unused = ^{halted, ipsr};
endmodule
