// Replay of a recorded Cortex-M0 (tests/rtl/cortex-m0-recordings/README.md): the recording of +recording=<file>
// stands in for the core. Each cycle its values (the core's AHB-Lite master outputs, what the bus and the
// interrupt inputs gave the core, every vis_*_o output) drive the same visibility-port adapter, trace port,
// lockstep monitor and AHB-Lite master checker as tb_top's Cortex-M0 integration (VisPort), cycle by cycle, as the
// live core's would: nothing bypasses the adapter. The C++ main is sim/tb_main.cpp (built with this top under its
// class name): it drives the clock and reset; the recording's HRESETn must agree with it.
//   +elf=<file>            the program the core ran: where it has BKPT 0xAB, the bus gave the semihosting fetch
//                          service BKPT 0xAB and the core got NOP (the recording has the NOP); observers of the
//                          bus see the BKPT, as in tb_top
//   +recording=<file>      the recording (gzip text)
//   +replay_fault=<spec>   a fault planted in it (dpi/armv6m_replay_pkg.sv)
// The checker's options are tb_top's for a Cortex-M0 integration without an MTB; the model's configuration comes
// with the golden (+tarmac_model=). At the recording's end (a few cycles after the program's exit call) the test
// ends with the recorded exit code and the checker's verdict; a recording cut before the exit ends with 124 and
// the checker's verdict on what it compared up to the cut (it halts at the first mismatch).
module replay_top (
  input logic clk,
  input logic rst_n
);
  import armv6m_replay_pkg::*;
  import "DPI-C" function void tb_exit(input int code, input int checker_status, input longint cycles,
                                       input longint retired);
  import "DPI-C" function void tb_stopped(input int checker_status, input longint cycles, input longint retired);
  localparam int unsigned Drain = 16;   // cycles after the recording's last, values held: the adapter's closes out
  localparam logic [15:0] BkptAb = 16'hBEAB;

  chandle rec;
  logic [31:0] v [41];                  // this cycle's recorded values (Sig*)
  logic [31:0] code_mem [65536];        // the program's code (256 KiB at 0): where it has BKPT 0xAB
  int unsigned drain;
  bit          cut;                     // the recording ended at its cycle limit, before the program's exit
  logic [63:0] cycle, retired;

  initial begin
    string path, fault;
    chandle elf;
    int unsigned addr, data;
    for (int i = 0; i < 65536; i++) code_mem[i] = 32'd0;
    if ($value$plusargs("elf=%s", path) != 0) begin
      elf = armv6m_tb_pkg::elf_open(path);
      if (elf == null) $fatal(1, "replay_top: %s", armv6m_tb_pkg::elf_error());
      while (armv6m_tb_pkg::elf_next_word(elf, addr, data)) if (addr < 32'h0004_0000) code_mem[addr[17:2]] = data;
      armv6m_tb_pkg::elf_close(elf);
    end
    if ($value$plusargs("recording=%s", path) == 0) $fatal(1, "replay_top: no +recording=<file>");
    if ($value$plusargs("replay_fault=%s", fault) == 0) fault = "";
    rec = armv6m_replay_pkg::open(path, fault);
    if (rec == null) $fatal(1, "replay_top: %s", armv6m_replay_pkg::error());
    next_cycle();
  end

  // the recorded values of the next cycle, before the edge that samples them (stimulus, set between the edges)
  /* verilator lint_off BLKSEQ */
  function automatic void next_cycle();
    int st;
    st = drain == 0 ? armv6m_replay_pkg::step(rec) : 0;
    if (st < 0) $fatal(1, "replay_top: %s", armv6m_replay_pkg::error());
    if (st == 0) drain++;
    else for (int s = 0; s < 41; s++) v[s] = armv6m_replay_pkg::value(rec, s);
  endfunction
  always @(negedge clk) next_cycle();
  /* verilator lint_on BLKSEQ */

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      cycle <= 64'd0;
      retired <= 64'd0;
    end else begin
      cycle <= cycle + 64'd1;
      if (!v[SigHresetn][0]) $fatal(1, "replay_top: the recording's HRESETn is low after the reset, at cycle %0d", cycle);
      retired <= retired + {63'd0, u_tp.retire_valid};
      if (v[SigLockup][0]) $display("replay_top: LOCKUP recorded at cycle %0d", cycle);
      if (drain >= Drain) begin
        int code;
        code = armv6m_replay_pkg::exit_code(rec);
        /* verilator lint_off BLKSEQ */  // read by the final block after $finish
        cut = code < 0;
        /* verilator lint_on BLKSEQ */
        if (cut) begin
          // the golden goes on past the cut: no end-of-test check, the verdict on the steps compared
          $display("replay_top: the recording was cut at cycle %0d: %0d instructions compared, checker %s",
                   cycle - 64'(Drain), retired, u_mon.halted() ? "FAILED" : "without a mismatch");
          tb_exit(124, u_mon.halted() ? 1 : 0, cycle, retired);
        end else tb_exit(code, u_mon.finish(), cycle, retired);
        armv6m_replay_pkg::close(rec);
        $finish;
      end
    end
  end
  // the bus as the core's observers see it: a fetch's halfword BKPT 0xAB where the core got NOP
  logic dp_fetch;
  logic [17:2] dp_word;
  logic [31:0] seen_hrdata;
  always_ff @(posedge clk or negedge rst_n)
    if (!rst_n) {dp_fetch, dp_word} <= '0;
    else if (v[SigHready][0]) begin
      dp_fetch <= v[SigHtrans][1] && !v[SigHwrite][0]
                  && !v[SigHprot][0] && v[SigHaddr] < 32'h0004_0000;
      dp_word <= v[SigHaddr][17:2];
    end
  always_comb begin
    logic [31:0] w;
    w = code_mem[dp_word];
    seen_hrdata = v[SigHrdata];
    for (int h = 0; h < 2; h++) if (dp_fetch && w[16*h +: 16] == BkptAb) seen_hrdata[16*h +: 16] = BkptAb;
  end

  // the trace port through the adapter, as tb_top's Cortex-M0 integration makes it
  armv6m_trace_if #(.NUM_WR_PORTS(0)) u_tp (.clk, .rst_n);
  logic lockup_shown;
  armv6m_vis_adapter u_vis (
    .clk, .rst_n, .vis_r0(v[SigR0]), .vis_r1(v[SigR0+1]), .vis_r2(v[SigR0+2]), .vis_r3(v[SigR0+3]),
    .vis_r4(v[SigR0+4]), .vis_r5(v[SigR0+5]), .vis_r6(v[SigR0+6]), .vis_r7(v[SigR0+7]), .vis_r8(v[SigR0+8]),
    .vis_r9(v[SigR0+9]), .vis_r10(v[SigR0+10]), .vis_r11(v[SigR0+11]), .vis_r12(v[SigR0+12]), .vis_r14(v[SigLr]),
    .vis_msp(v[SigMsp][29:0]), .vis_psp(v[SigPsp][29:0]), .vis_pc(v[SigPc][30:0]), .vis_apsr(v[SigApsr][3:0]),
    .vis_ipsr(v[SigIpsr][5:0]), .vis_control(v[SigControl][0]), .vis_primask(v[SigPrimask][0]),
    .haddr(v[SigHaddr]), .htrans(v[SigHtrans][1:0]), .hwrite(v[SigHwrite][0]), .hsize(v[SigHsize][2:0]),
    .hprot0(v[SigHprot][0]), .hrdata(seen_hrdata), .hready(v[SigHready][0]), .hresp(v[SigHresp][0]),
    .lockup(v[SigLockup][0]), .lockup_shown, .tp(u_tp)
  );
  assign u_tp.haddr = v[SigHaddr];
  assign u_tp.htrans = v[SigHtrans][1:0];
  assign u_tp.hwrite = v[SigHwrite][0];
  assign u_tp.hsize = v[SigHsize][2:0];
  assign u_tp.hprot = v[SigHprot][3:0];
  assign u_tp.hwdata = v[SigHwdata];
  assign u_tp.hrdata = seen_hrdata;
  assign u_tp.hready = v[SigHready][0];
  assign u_tp.hresp = v[SigHresp][0];
  assign u_tp.beat_data = v[SigHprot][0];
  assign u_tp.pkt_valid = 1'b0;
  assign u_tp.pkt_w0 = 32'd0;
  assign u_tp.pkt_w1 = 32'd0;
  assign u_tp.pkt_offset_shown = 1'b0;
  assign u_tp.pkt_offset = 32'd0;
  assign u_tp.irq = {16'd0, v[SigIrq][15:0]};
  assign u_tp.nmi = v[SigNmi][0];
  assign u_tp.systick_cycle = 1'b1;     // SysTick is inside the core and counts every cycle
  // the options dpi/CHECKING_YOUR_CORE.md gives for Cortex-M0 (its SCS is inside the core: never on the bus), and
  // the test timer's registers volatile in live mode, as tb_top has them
  armv6m_lockstep_monitor #(.SNAPSHOT(1'b1), .CHOICE_TAKES(1'b1), .OPTIONS({"mtb=0,data_beats=golden,bus_ignore=0xE000E000-0xE000EFFF,",
      "decision_window=200,volatile=0x40000000-0x40000fff"})) u_mon (.tp(u_tp));
  ahb_lite_master_checker u_ahb_chk (
    .clk, .rst_n, .haddr(v[SigHaddr]), .htrans(v[SigHtrans][1:0]), .hwrite(v[SigHwrite][0]),
    .hsize(v[SigHsize][2:0]), .hburst(v[SigHburst][2:0]), .hprot(v[SigHprot][3:0]), .hwdata(v[SigHwdata]),
    .hready(v[SigHready][0]), .hresp(v[SigHresp][0])
  );

  // stopped before the recording's end: the checker's verdict counts when the checker itself stopped the run
  final if (!cut) begin
    bit chk_halted;
    int verdict;
    chk_halted = u_mon.halted();
    verdict = u_mon.finish();
    tb_stopped(chk_halted ? verdict : 0, cycle, retired);
  end

  logic unused;  // what the checks do not read: the recording's other outputs and bits above the ports' widths;
                 // lockup_shown (a recording ends at its own end)
  assign unused = ^{lockup_shown, v[SigTbit], v[SigHmastlock], v[SigRxev], v[SigTxev], v[SigSleeping], v[SigSysresetreq], v[SigHtrans][31:2]};
endmodule
