// SystemVerilog side of the lockstep checker: the DPI-C imports (dpi/tarmac_dpi.c) and tasks that stop the
// simulation with the checker's report on a mismatch. Options come as "key=value,..." and as plusargs
// +tarmac_<key>=<value>, each plusarg's value passed whole, with the keys of the checker's table (dpi/README.md,
// "Options").
package tarmac_chk_pkg;

  // Register ids of reg_write and snapshot (dpi/include/tarmac/regs.h). A design uses only some of them.
  /* verilator lint_off UNUSEDPARAM */
  localparam int REG_SP = 13, REG_LR = 14, REG_PC = 15, REG_XPSR = 16, REG_MSP = 17, REG_PSP = 18,
                 REG_PRIMASK = 19, REG_CONTROL = 20, REG_COUNT = 21;
  /* verilator lint_on UNUSEDPARAM */

  import "DPI-C" function int tarmac_chk_option(input string key, input string value);
  import "DPI-C" function chandle tarmac_chk_open(input string golden, input string options);
  import "DPI-C" function chandle tarmac_chk_open_off(input string golden, input string options);
  import "DPI-C" function string tarmac_chk_error(input chandle h);
  import "DPI-C" function int tarmac_chk_set_time(input chandle h, input longint unsigned t);
  import "DPI-C" function int tarmac_chk_reg_write(input chandle h, input int regid, input int unsigned value);
  import "DPI-C" function int tarmac_chk_ahb_beat(input chandle h, input int unsigned addr, input int write,
                                                  input int hsize, input int hprot, input int unsigned data,
                                                  input int resp);
  import "DPI-C" function int tarmac_chk_mtb_packet(input chandle h, input int unsigned word0,
                                                    input int unsigned word1);
  import "DPI-C" function int tarmac_chk_mtb_packet_at(input chandle h, input int unsigned offset,
                                                       input int unsigned word0, input int unsigned word1);
  import "DPI-C" function int tarmac_chk_retire(input chandle h, input int unsigned pc, input int unsigned opcode,
                                                input int is32, input int cond_passed);
  import "DPI-C" function int tarmac_chk_exception(input chandle h, input int number, input int unsigned return_addr);
  import "DPI-C" function int tarmac_chk_snapshot(input chandle h, input bit [REG_COUNT*32-1:0] regs,
                                                  input int unsigned valid);
  import "DPI-C" function int tarmac_chk_irq_lines(input chandle h, input int unsigned irq, input int nmi);
  import "DPI-C" function int tarmac_chk_systick_ticks(input chandle h, input int unsigned n);
  import "DPI-C" function int tarmac_chk_mem_write(input chandle h, input int unsigned addr, input int size,
                                                   input int unsigned data);
  import "DPI-C" function string tarmac_chk_option_keys();
  import "DPI-C" function string tarmac_chk_plusargs_error(input string own);
  import "DPI-C" function int tarmac_chk_halted(input chandle h);
  import "DPI-C" function int tarmac_chk_finish(input chandle h);
  import "DPI-C" function string tarmac_chk_report(input chandle h);
  import "DPI-C" function string tarmac_chk_report_unread(input chandle h);
  import "DPI-C" function void tarmac_chk_close(input chandle h);


  // Every +tarmac_<key>=<value> plusarg of an option's key, its value given whole to the next open
  // (tarmac_chk_option): never joined into the options string, so that a value holding ",bus=0" is a value, not
  // an option. Each overrides the options string's value of its key (model= adds to it); the keys come from the
  // checker's own table of options.
  function automatic void give_plusargs();
    string keys = tarmac_chk_option_keys(), key, v;
    int start = 0;
    for (int i = 0; i <= keys.len(); i++) begin
      if (i == keys.len() || keys[i] == ",") begin
        key = keys.substr(start, i - 1);
        start = i + 1;
        if ($value$plusargs({"tarmac_", key, "=%s"}, v)) void'(tarmac_chk_option(key, v));
      end
    end
  endfunction

  // A +tarmac_... plusarg that is no option's (a misspelt +tarmac_max_errors) would be ignored: open fails
  // instead, naming it and the known ones. own: the testbench's own +tarmac_... names, comma-separated (the
  // reference monitor's "tarmac_off"). The command line comes from VPI or the process (dpi/README.md, "Options").
  // off: the testbench switched the checker off (+tarmac_off) with a golden given: nothing is compared, and
  // finish says OFF on the summary line and in the ledger instead of passing silently.
  function automatic chandle open(string golden, string options = "", string own = "", bit off = 1'b0);
    chandle h;
    string bad = tarmac_chk_plusargs_error(own);
    if (bad.len() != 0) begin
      $fatal(1, "tarmac checker: %s", bad);
      return null;
    end
    give_plusargs();
    // an if, not ?: (Verilator may evaluate both arms of a ?: whose arms are DPI calls)
    if (off) h = tarmac_chk_open_off(golden, options);
    else h = tarmac_chk_open(golden, options);
    if (h == null) $fatal(1, "tarmac checker: %s", tarmac_chk_error(null));
    return h;
  endfunction

  // After a non-zero status: the new part of the report is printed at once. Until the checker halts
  // (max_errors mismatches, or a failure) the run goes on: a $display, not an $error, so that no simulator's
  // own error limit (Verilator stops at the first $error) cuts the run short. At the halt, $fatal with the
  // last report; calls after the halt, after finish or on a closed handle return non-zero with nothing new to
  // print, and stay silent (a simulator may go on after $fatal: Verilator does when the main clears fatalOnError);
  // a bad argument is a failure, so it halts with the report naming it (the C API's contract, checker.h).
  function automatic void check(chandle h, int rc);
    // Kept out of line in Verilator builds, so the report string is built only on a mismatch, not on every
    // clock of every block that calls a checker task
    /* verilator no_inline_task */
    string news;
    if (rc == 0) return;
    news = tarmac_chk_report_unread(h);
    if (tarmac_chk_halted(h) == 0) $display("%s(tarmac checker: the run goes on until max_errors mismatches)", news);
    else if (news.len() != 0) $fatal(1, "\n%s", news);
  endfunction

  function automatic void set_time(chandle h, longint unsigned t);
    void'(tarmac_chk_set_time(h, t));
  endfunction

  // The wrappers call check() only on a non-zero status: nothing but the DPI call on a matching event.
  function automatic void reg_write(chandle h, int regid, int unsigned value);
    int rc = tarmac_chk_reg_write(h, regid, value);
    if (rc != 0) check(h, rc);
  endfunction

  function automatic void ahb_beat(chandle h, int unsigned addr, bit write, int hsize, int hprot,
                                   int unsigned data, bit resp);
    int rc = tarmac_chk_ahb_beat(h, addr, int'(write), hsize, hprot, data, int'(resp));
    if (rc != 0) check(h, rc);
  endfunction

  function automatic void mtb_packet(chandle h, int unsigned word0, int unsigned word1);
    int rc = tarmac_chk_mtb_packet(h, word0, word1);
    if (rc != 0) check(h, rc);
  endfunction

  // the same, with the byte offset in the MTB SRAM the packet was written at (compared too)
  function automatic void mtb_packet_at(chandle h, int unsigned offset, int unsigned word0, int unsigned word1);
    int rc = tarmac_chk_mtb_packet_at(h, offset, word0, word1);
    if (rc != 0) check(h, rc);
  endfunction

  function automatic void retire(chandle h, int unsigned pc, int unsigned opcode, bit is32, bit cond_passed);
    int rc = tarmac_chk_retire(h, pc, opcode, int'(is32), int'(cond_passed));
    if (rc != 0) check(h, rc);
  endfunction

  // regs=snapshot: the architectural registers after the step the last retire/exception closed, indexed by
  // register id; valid has a bit per id the design shows.
  function automatic void snapshot(chandle h, logic [31:0] regs[REG_COUNT], int unsigned valid);
    bit [REG_COUNT*32-1:0] packed_regs;
    for (int i = 0; i < REG_COUNT; i++) packed_regs[i*32 +: 32] = regs[i];
    begin
      int rc = tarmac_chk_snapshot(h, packed_regs, valid);
      if (rc != 0) check(h, rc);
    end
  endfunction

  function automatic void exception(chandle h, int number, int unsigned return_addr);
    int rc = tarmac_chk_exception(h, number, return_addr);
    if (rc != 0) check(h, rc);
  endfunction

  // Live mode (golden=live:<elf>): the interrupt inputs' new levels, whenever they change, before the
  // retire/exception of the step they changed in; SysTick's clock cycles (systick:cycles), e.g. a step's with its
  // retire; another bus master's writes. In file mode they are counted and change nothing.
  function automatic void irq_lines(chandle h, int unsigned irq, bit nmi);
    int rc = tarmac_chk_irq_lines(h, irq, int'(nmi));
    if (rc != 0) check(h, rc);
  endfunction

  function automatic void systick_ticks(chandle h, int unsigned n);
    int rc = tarmac_chk_systick_ticks(h, n);
    if (rc != 0) check(h, rc);
  endfunction

  function automatic void mem_write(chandle h, int unsigned addr, int size, int unsigned data);
    int rc = tarmac_chk_mem_write(h, addr, size, data);
    if (rc != 0) check(h, rc);
  endfunction

  // End of test: prints what the report gained since it was last printed (end-of-test mismatches and the
  // summary line); returns 0 when everything matched.
  function automatic int finish(chandle h);
    int rc;
    /* verilator no_inline_task */  // out of line: see check()
    rc = tarmac_chk_finish(h);
    $write("%s", tarmac_chk_report_unread(h));
    return rc;
  endfunction

endpackage
