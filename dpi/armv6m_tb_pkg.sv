// Reusable testbench pieces for any ARMv6-M testbench (dpi/CHECKING_YOUR_CORE.md, "Reusable pieces"): an ELF
// loader that hands the program's words to the testbench, which writes them into whatever memory model it has.
// The C side is dpi/armv6m_tb_dpi.c, in build/lib/libtarmacchk.so; it reads the ELF with the trace library's
// reader (dpi/include/tarmac/elf.h). The semihosting service is a module: rtl_tb/armv6m_semihost.sv.
//
//   chandle elf = armv6m_tb_pkg::elf_open(path);   // null when the file is no ELF32 ARM executable
//   if (elf == null) $fatal(1, "%s", armv6m_tb_pkg::elf_error());
//   while (armv6m_tb_pkg::elf_next_word(elf, addr, data)) my_mem[addr >> 2] = data;
//   armv6m_tb_pkg::elf_close(elf);
package armv6m_tb_pkg;

  // Opens and checks the ELF (every PT_LOAD segment inside the file); null on failure, elf_error() says why
  // ("<path>: <what is wrong>").
  import "DPI-C" function chandle armv6m_tb_elf_open(input string path);
  // Why the last elf_open of this thread failed.
  import "DPI-C" function string armv6m_tb_elf_error();
  // The next word of the loadable image, in address order, each aligned address once (bytes of no segment are
  // zero; a segment's .bss part is zeros too): 1 with addr and data, 0 after the last.
  import "DPI-C" function int armv6m_tb_elf_next_word(input chandle h, output int unsigned addr,
                                                      output int unsigned data);
  // The ELF's entry point (bit 0 set for Thumb code).
  import "DPI-C" function int unsigned armv6m_tb_elf_entry(input chandle h);
  import "DPI-C" function void armv6m_tb_elf_close(input chandle h);

  function automatic chandle elf_open(string path);
    return armv6m_tb_elf_open(path);
  endfunction

  function automatic string elf_error();
    return armv6m_tb_elf_error();
  endfunction

  function automatic bit elf_next_word(chandle h, output int unsigned addr, output int unsigned data);
    return armv6m_tb_elf_next_word(h, addr, data) != 0;
  endfunction

  function automatic void elf_close(chandle h);
    armv6m_tb_elf_close(h);
  endfunction

endpackage
