// Drives the lockstep checker through the SV package as a testbench monitor would, for the golden given by
// +golden=. +inject=1 makes the "RTL" write a wrong value: the package must stop the simulation with $fatal.
module tb_checker;
  import tarmac_chk_pkg::*;

  chandle h;
  string golden;
  int inject;

  initial begin
    if ($value$plusargs("golden=%s", golden) == 0) $fatal(1, "tb_checker: +golden=<trace> is required");
    if ($value$plusargs("inject=%d", inject) == 0) inject = 0;
    h = open(golden, "context=4");
    set_time(h, 64'd10);
    reg_write(h, REG_MSP, 32'h2000_4000);
    reg_write(h, 0, 32'h16);
    retire(h, 32'h100, 32'h2016, 1'b0, 1'b1);
    set_time(h, 64'd20);
    ahb_beat(h, 32'h2000_0001, 1'b1, 0, 1, inject != 0 ? 32'h0000_0016 : 32'h0000_1600, 1'b0);
    retire(h, 32'h102, 32'h7048, 1'b0, 1'b1);
    set_time(h, 64'd30);
    retire(h, 32'h104, 32'hd0fe, 1'b0, 1'b0);
    retire(h, 32'h106, 32'hbeab, 1'b0, 1'b1);
    if (finish(h) != 0) $fatal(1, "tb_checker: the checker reported a failure");
    tarmac_chk_close(h);
    $display("tb_checker: PASS");
    $finish;
  end
endmodule
