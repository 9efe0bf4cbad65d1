// The system shell (rtl_tb/README.md, "The system shell"): everything around an ARMv6-M core that a lockstep test
// needs, as one module, so that checking a core is its instance and its ports. It holds the AHB-Lite system of
// rtl_tb/README.md's memory map (code SRAM, SRAM, MTB SRAM and SFRs, the timer peripheral, the default slave), the
// program loader (+elf=<file>, armv6m_tb_pkg's ELF loader), the semihosting service (armv6m_semihost, called by a
// core that halts on BKPT 0xAB, or served on the fetch with armv6m_semihost_fetch for a core without halting debug),
// the interrupt inputs (the timer's line and irq_source's random pulses), the lockstep monitor on the trace port,
// the bus, interrupt and MTB fields of that port, and the end of test (tb_exit, tb_stopped: sim/tb_main.cpp).
// The testbench drives the trace port's core side (retire, writes or snapshots, entries: the core's own port, or
// armv6m_vis_adapter from a visibility port) and ends the simulation with $finish at each edge where `stop` is 1
// (the simulator names the file of the $finish in its notice: the testbench's).
//   Name          the testbench's name in the shell's messages (a load error, a lockup)
//   MtbPresent, MtbBase  the MTB (Cortex-M0+; its events on mtb_ev_*, tied to 0 without one)
//   ScsOnBus      1: a system control space outside the core, on the ext_* slave port at 0xE000E000 (4 KiB);
//                 0: the core has its own (Cortex-M0) and that page is the default slave's
//   SemihostFetch 1: semihosting served on the fetch (pc, r0, r1: the core's visibility port); 0: the core's call
//                 port (sh_req, sh_op, sh_arg; sh_ack, sh_wr_r0, sh_r0 back)
//   SysTickCycles 1: SysTick counts every clock cycle (tp.systick_cycle), as the core's choice
//   Snapshot, ChoiceTakes, Options: the monitor's SNAPSHOT, CHOICE_TAKES and OPTIONS; the timer's registers are
//                 added to Options as volatile (the model has no timer: live mode takes its reads from the bus)
module armv6m_shell #(
  parameter string       Name = "tb_top",
  parameter bit          MtbPresent = 1'b0,
  parameter logic [31:0] MtbBase = 32'hF000_0000,
  parameter bit          ScsOnBus = 1'b0,
  parameter bit          SemihostFetch = 1'b0,
  parameter bit          SysTickCycles = 1'b0,
  parameter bit          Snapshot = 1'b0,
  parameter bit          ChoiceTakes = 1'b0,
  parameter string       Options = ""
) (
  input  logic        clk,
  input  logic        rst_n,
  // the core's AHB-Lite master port, and what it gets back
  input  logic [31:0] haddr,
  input  logic [1:0]  htrans,
  input  logic        hwrite,
  input  logic [2:0]  hsize,
  input  logic [3:0]  hprot,         // HPROT[0] is the trace port's beat_data: 0 an opcode fetch
  input  logic [31:0] hwdata,
  output logic [31:0] hrdata,        // to the core (SemihostFetch: NOP for BKPT 0xAB)
  output logic        hready,
  output logic        hresp,
  output logic [31:0] seen_hrdata,   // the bus's data as the core's transfers complete (what observers see)
  // ScsOnBus: the slave at 0xE000E000, with the bus's side of the transfer
  output logic        ext_hsel,
  output logic [1:0]  ext_htrans,
  output logic        ext_hready,
  input  logic        ext_hreadyout,
  input  logic        ext_hresp,
  input  logic [31:0] ext_hrdata,
  // the interrupt inputs of the core
  output logic [31:0] irq,
  output logic        nmi,
  // semihosting: the call port of a halting core, or (SemihostFetch) the visibility port's PC, r0 and r1
  input  logic        sh_req,
  input  logic [31:0] sh_op,
  input  logic [31:0] sh_arg,
  output logic        sh_ack,
  output logic        sh_wr_r0,
  output logic [31:0] sh_r0,
  input  logic [31:0] pc,
  input  logic [31:0] r0,
  input  logic [31:0] r1,
  // MTB events of the core (MtbPresent)
  input  logic        mtb_ev_valid,
  input  logic [31:0] mtb_ev_src,
  input  logic [31:0] mtb_ev_dst,
  input  logic        mtb_ev_a,
  input  logic        lockup,        // the test ends at its first cycle
  output logic        stop,          // the testbench calls $finish at this edge
  armv6m_trace_if     tp
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
      retired <= retired + {63'd0, tp.retire_valid};
    end
  end

  logic [7:0]  wait_pct;
  logic [31:0] seed;
  initial begin
    int v;
    if ($value$plusargs("waitstates=%d", v) != 0) wait_pct = 8'(v); else wait_pct = 8'd0;
    if ($value$plusargs("seed=%d", v) != 0) seed = v; else seed = 32'd1;
  end

  // ---- the bus (htrans, hready: the bus's side; through the semihosting on the fetch with SemihostFetch) ----
  logic [31:0] bus_hrdata, pkt_w0, pkt_w1;
  logic [1:0]  bus_htrans;
  logic        bus_hready, pw_en, pkt_valid;
  logic [6:0]  hsel, s_hreadyout, s_hresp;
  logic [31:0] s_hrdata [0:6];
  logic [11:0] pw_addr;
  logic [63:0] pw_data;
  logic        timer_irq;
  ahb_interconnect #(.MtbPresent(MtbPresent), .MtbBase(MtbBase)) u_ic (
    .clk, .rst_n, .haddr, .htrans(bus_htrans), .hsel, .hready(bus_hready), .hresp, .hrdata(bus_hrdata),
    .s_hreadyout, .s_hresp, .s_hrdata
  );
  ahb_sram #(.AW(18)) u_code (
    .clk, .rst_n, .hsel(hsel[0]), .haddr, .htrans(bus_htrans), .hwrite, .hsize, .hwdata, .hready(bus_hready),
    .hreadyout(s_hreadyout[0]), .hresp(s_hresp[0]), .hrdata(s_hrdata[0]), .wait_pct, .seed, .pw_en(1'b0),
    .pw_addr(18'd0), .pw_data(64'd0)
  );
  ahb_sram #(.AW(16)) u_sram (
    .clk, .rst_n, .hsel(hsel[1]), .haddr, .htrans(bus_htrans), .hwrite, .hsize, .hwdata, .hready(bus_hready),
    .hreadyout(s_hreadyout[1]), .hresp(s_hresp[1]), .hrdata(s_hrdata[1]), .wait_pct, .seed(seed ^ 32'h5a5a5a5a),
    .pw_en(1'b0), .pw_addr(16'd0), .pw_data(64'd0)
  );
  ahb_sram #(.AW(12)) u_mtbram (
    .clk, .rst_n, .hsel(hsel[2]), .haddr, .htrans(bus_htrans), .hwrite, .hsize, .hwdata, .hready(bus_hready),
    .hreadyout(s_hreadyout[2]), .hresp(s_hresp[2]), .hrdata(s_hrdata[2]), .wait_pct, .seed(seed ^ 32'h3c3c3c3c),
    .pw_en, .pw_addr, .pw_data
  );
  mtb u_mtb (
    .clk, .rst_n, .hsel(hsel[3]), .haddr, .htrans(bus_htrans), .hwrite, .hsize, .hwdata, .hready(bus_hready),
    .hreadyout(s_hreadyout[3]), .hresp(s_hresp[3]), .hrdata(s_hrdata[3]), .ev_valid(mtb_ev_valid),
    .ev_src(mtb_ev_src), .ev_dst(mtb_ev_dst), .ev_a(mtb_ev_a), .pw_en, .pw_addr, .pw_data, .pkt_valid, .pkt_w0,
    .pkt_w1
  );
  // slot 4: the SCS outside the core, or (ScsOnBus = 0) a second default slave
  logic dflt_hreadyout, dflt_hresp;
  ahb_default_slave u_default_scs (
    .clk, .rst_n, .hsel(hsel[4] && !ScsOnBus), .htrans(bus_htrans), .hready(bus_hready),
    .hreadyout(dflt_hreadyout), .hresp(dflt_hresp)
  );
  assign {ext_hsel, ext_htrans, ext_hready} = {hsel[4] && ScsOnBus, bus_htrans, bus_hready};
  assign s_hreadyout[4] = ScsOnBus ? ext_hreadyout : dflt_hreadyout;
  assign s_hresp[4] = ScsOnBus ? ext_hresp : dflt_hresp;
  assign s_hrdata[4] = ScsOnBus ? ext_hrdata : 32'd0;
  ahb_default_slave u_default (
    .clk, .rst_n, .hsel(hsel[5]), .htrans(bus_htrans), .hready(bus_hready), .hreadyout(s_hreadyout[5]),
    .hresp(s_hresp[5])
  );
  assign s_hrdata[5] = 32'd0;
  ahb_timer u_timer (
    .clk, .rst_n, .hsel(hsel[6]), .haddr, .htrans(bus_htrans), .hwrite, .hsize, .hwdata, .hready(bus_hready),
    .hreadyout(s_hreadyout[6]), .hresp(s_hresp[6]), .hrdata(s_hrdata[6]), .irq(timer_irq)
  );

  // The interrupt inputs: the timer's line and the random pulses (+irq_rate=, +nmi_rate=: irq_source.sv)
  localparam int unsigned TimerIrq = 0;
  logic [31:0] stim_irq;
  irq_source u_irq_src (.clk, .rst_n, .irq(stim_irq), .nmi);
  assign irq = stim_irq | ({31'd0, timer_irq} << TimerIrq);

  // ---- semihosting: the service, and where the calls come from ----
  logic        req, call_retire, call_retired, req_q, sh_ack_i;
  logic [31:0] op, arg;
  if (SemihostFetch) begin : g_sh_fetch
    logic [31:0] call_pc;
    armv6m_semihost_fetch u_sh_fetch (
      .clk, .rst_n, .haddr, .htrans, .hwrite, .hsize, .hprot, .hrdata(bus_hrdata), .hready(bus_hready), .hresp,
      .bus_htrans, .core_hready(hready), .core_hrdata(hrdata), .seen_hrdata, .pc, .r0, .r1, .req, .op, .arg,
      .ack(sh_ack_i), .call_pc
    );
    assign call_retire = tp.retire_valid && tp.retire_pc == call_pc;  // the NOP in the BKPT's place retires
    assign sh_ack = 1'b0;
  end else begin : g_sh_call
    assign {bus_htrans, hready, hrdata, seen_hrdata} = {htrans, bus_hready, bus_hrdata, bus_hrdata};
    assign {req, op, arg, sh_ack} = {sh_req, sh_op, sh_arg, sh_ack_i};
    assign call_retire = tp.retire_valid;  // the core halts on the BKPT until the call is served
  end

  // ---- the trace port's system side: the bus as the core sees it, the MTB, the interrupt inputs, SysTick ----
  assign {tp.haddr, tp.htrans, tp.hwrite, tp.hsize, tp.hprot, tp.hwdata} = {haddr, htrans, hwrite, hsize, hprot, hwdata};
  assign {tp.hrdata, tp.hready, tp.hresp, tp.beat_data} = {seen_hrdata, hready, hresp, hprot[0]};
  assign {tp.pkt_valid, tp.pkt_w0, tp.pkt_w1, tp.pkt_offset_shown} = {pkt_valid, pkt_w0, pkt_w1, 1'b1};
  assign tp.pkt_offset = {20'd0, pw_addr};  // the MTB SRAM write port's address, valid with pkt_valid
  assign {tp.irq, tp.nmi, tp.systick_cycle} = {irq, nmi, SysTickCycles};
  armv6m_lockstep_monitor #(.SNAPSHOT(Snapshot), .CHOICE_TAKES(ChoiceTakes),
                            .OPTIONS({Options, ",volatile=0x40000000-0x40000fff"})) u_mon (.tp);

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
        $fwrite(32'h8000_0002, "%s: %s\n", Name, why);
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
    .clk, .rst_n, .req, .op, .arg, .ack(sh_ack_i), .wr_r0(sh_wr_r0), .r0_value(sh_r0), .rd_addr(sh_rd_addr),
    .rd_data(sh_rd_data), .exit_valid(exiting), .exit_code
  );

  // The exit BKPT retires (the golden has it), then the test ends at the next clock: the monitor must have
  // passed that retire to the checker before its finish(), and at the same edge the order of the two blocks is
  // the simulator's choice.
  logic        exit_seen;
  logic [63:0] exit_cycle, exit_retired;
  assign stop = rst_n && (exit_seen || lockup);
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      exit_seen <= 1'b0;
      call_retired <= 1'b0;
      req_q <= 1'b0;
      exit_cycle <= 64'd0;
      exit_retired <= 64'd0;
    end else begin
      req_q <= req;
      if (req && !req_q) call_retired <= 1'b0;  // a call begins
      else if (call_retire) call_retired <= 1'b1;
      if (exiting && (call_retire || call_retired) && !exit_seen) begin
        exit_seen <= 1'b1;
        exit_cycle <= cycle;
        exit_retired <= retired + {63'd0, call_retire};  // the BKPT's retire, unless counted already
      end
      if (exit_seen) begin
        $fflush;
        tb_exit(int'(exit_code), u_mon.finish(), exit_cycle, exit_retired);
      end else if (lockup) begin
        $display("%s: lockup at cycle %0d", Name, cycle);
        tb_exit(125, u_mon.finish(), cycle, retired);
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

  logic unused;  // the halting core's call port with SemihostFetch, the visibility port's registers without it
  assign unused = ^{sh_req, sh_op, sh_arg, pc, r0, r1};
endmodule
