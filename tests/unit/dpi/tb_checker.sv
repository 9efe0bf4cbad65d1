// Drives the lockstep checker through the SV package as a testbench monitor would, for the golden given by
// +golden=. +inject=1 makes the "RTL" store a wrong value, +inject=2 load one into r0: the package must stop the
// simulation with $fatal. The live-mode calls are made too (file mode: counted). +contract=1 makes calls after
// finish and after close (refused, the verdict kept, no crash); +contract=2 passes an HSIZE no AHB bus has.
module tb_checker;
  import tarmac_chk_pkg::*;

  chandle h;
  string golden;
  int inject, snap, contract;
  logic [31:0] regs[REG_COUNT];

  // +snapshot=1: the "RTL" shows its register file after each step instead of reporting writes
  function automatic void write_reg(int id, int unsigned value);
    if (snap != 0) regs[id] = value;
    else reg_write(h, id, value);
  endfunction

  function automatic void close(int unsigned pc, int unsigned opcode, bit cond);
    retire(h, pc, opcode, 1'b0, cond);
    if (snap != 0) snapshot(h, regs, 32'h1f_ffff);
  endfunction

  initial begin
    if ($value$plusargs("golden=%s", golden) == 0) $fatal(1, "tb_checker: +golden=<trace> is required");
    if ($value$plusargs("inject=%d", inject) == 0) inject = 0;
    if ($value$plusargs("snapshot=%d", snap) == 0) snap = 0;
    if ($value$plusargs("contract=%d", contract) == 0) contract = 0;
    foreach (regs[i]) regs[i] = 32'hdead_0000 + i;  // reset values the golden leaves unknown
    h = open(golden, snap != 0 ? "context=4,regs=snapshot" : "context=4");
    set_time(h, 64'd10);
    write_reg(REG_MSP, 32'h2000_4000);
    write_reg(0, inject == 2 ? 32'h17 : 32'h16);
    close(32'h100, 32'h2016, 1'b1);
    set_time(h, 64'd20);
    ahb_beat(h, 32'h2000_0001, 1'b1, contract == 2 ? -1 : 0, 1, inject == 1 ? 32'h0000_0016 : 32'h0000_1600, 1'b0);
    close(32'h102, 32'h7048, 1'b1);
    set_time(h, 64'd30);
    // the live-mode calls: in file mode accepted and counted, no verdict changes
    irq_lines(h, 32'h1, 1'b0);
    systick_ticks(h, 3);
    mem_write(h, 32'h2000_0100, 4, 32'h1234_5678);
    close(32'h104, 32'hd0fe, 1'b0);
    close(32'h106, 32'hbeab, 1'b1);
    if (finish(h) != 0) $fatal(1, "tb_checker: the checker reported a failure");
    if (contract == 1) begin  // after finish: refused, silently, and the verdict stays
      retire(h, 32'h999, 32'h0, 1'b0, 1'b1);
      reg_write(h, 0, 32'hbad);
      if (tarmac_chk_halted(h) != 1) $fatal(1, "tb_checker: not halted after finish");
      if (finish(h) != 0) $fatal(1, "tb_checker: the verdict changed after finish");
      $display("tb_checker: calls after finish refused, verdict kept");
    end
    tarmac_chk_close(h);
    if (contract == 1) begin  // a closed handle: refused without reading it; a second close is harmless
      if (tarmac_chk_retire(h, 32'h108, 32'h2016, 0, 1) != 2 || tarmac_chk_finish(h) != 2 ||
          tarmac_chk_halted(h) != 1) $fatal(1, "tb_checker: a closed handle was not refused");
      tarmac_chk_close(h);
      $display("tb_checker: calls after close refused");
    end
    $display("tb_checker: PASS");
    $finish;
  end
endmodule
