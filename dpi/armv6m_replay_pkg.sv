// Replay of a recorded core's ports (tests/rtl/cortex-m0-recordings/README.md): a recording, gzip text of the
// core's bus, interrupt and visibility-port signals cycle by cycle, read one cycle at a time, so that a testbench
// drives the recorded values into the same adapter, monitor and checker as the live core's. The C side is
// dpi/armv6m_replay_dpi.c, in build/lib/libtarmacchk.so.
//
//   chandle r = armv6m_replay_pkg::open(path, "");   // null when unreadable; error() says why (file:line:column)
//   while (armv6m_replay_pkg::step(r) == 1) haddr = armv6m_replay_pkg::value(r, armv6m_replay_pkg::SigHaddr);
//
// A fault can be planted for a test: "<signal>@<cycle>^<hex mask>" XORs the signal's value with the mask at that
// cycle; with a trailing "+", from that cycle until the signal's next recorded change.
package armv6m_replay_pkg;
  // the signals, in the recording's order (vis_r<n>_o is SigR0 + n for n = 0..12)
  localparam int SigHaddr = 0, SigHtrans = 1, SigHwrite = 2, SigHsize = 3, SigHburst = 4, SigHprot = 5, SigHmastlock = 6, SigHwdata = 7,
                 SigHrdata = 8, SigHready = 9, SigHresp = 10, SigIrq = 11, SigNmi = 12, SigRxev = 13, SigTxev = 14, SigLockup = 15,
                 SigSleeping = 16, SigSysresetreq = 17,
                 SigHresetn = 18, SigR0 = 19, SigLr = 32, SigMsp = 33, SigPsp = 34, SigPc = 35, SigApsr = 36,
                 SigTbit = 37, SigIpsr = 38, SigControl = 39, SigPrimask = 40;

  import "DPI-C" function chandle armv6m_tb_replay_open(input string path, input string fault);
  import "DPI-C" function string armv6m_tb_replay_error();
  // the next cycle: 1, 0 past the recording's last cycle, -1 on a line that cannot be read (error() says why)
  import "DPI-C" function int armv6m_tb_replay_step(input chandle h);
  import "DPI-C" function int unsigned armv6m_tb_replay_value(input chandle h, input int sig);
  import "DPI-C" function longint armv6m_tb_replay_cycle(input chandle h);
  // the program's exit code as the recording's end line gives it; -1 when the recording was cut
  import "DPI-C" function int armv6m_tb_replay_exit_code(input chandle h);
  import "DPI-C" function void armv6m_tb_replay_close(input chandle h);

  function automatic chandle open(string path, string fault);
    return armv6m_tb_replay_open(path, fault);
  endfunction
  function automatic string error();
    return armv6m_tb_replay_error();
  endfunction
  function automatic int step(chandle h);
    return armv6m_tb_replay_step(h);
  endfunction
  function automatic logic [31:0] value(chandle h, int sig);
    return armv6m_tb_replay_value(h, sig);
  endfunction
  function automatic int exit_code(chandle h);
    return armv6m_tb_replay_exit_code(h);
  endfunction
  function automatic void close(chandle h);
    armv6m_tb_replay_close(h);
  endfunction
endpackage
