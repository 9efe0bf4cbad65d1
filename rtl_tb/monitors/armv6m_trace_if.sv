// The trace-port contract between an ARMv6-M core and the lockstep monitor (dpi/CHECKING_YOUR_CORE.md). A core
// or its wrapper drives these signals, sampled on the rising clock edge; nothing else of the core is needed.
// Register ids are those of dpi/include/tarmac/regs.h (r0-r12 0-12, SP 13, LR 14, xPSR 16, MSP 17, PSP 18,
// PRIMASK 19, CONTROL 20).
interface armv6m_trace_if #(
  parameter int NUM_WR_PORTS = 2   // register write ports (write-port mode); 0 for a snapshot-only core
) (
  input logic clk,
  input logic rst_n
);
  // An instruction retired (condition passed or failed), after its register writes of earlier cycles or of
  // this one. opcode: 16-bit in [15:0]; 32-bit with the first halfword in [31:16].
  logic        retire_valid;
  logic [31:0] retire_pc;
  logic [31:0] retire_opcode;
  logic        retire_is32;
  logic        retire_cond;        // 0: a conditional branch that was not taken

  // Register writes, as they happen (write-port mode). Several ports may write in one cycle.
  logic        wr_valid [NUM_WR_PORTS > 0 ? NUM_WR_PORTS : 1];
  logic [4:0]  wr_id    [NUM_WR_PORTS > 0 ? NUM_WR_PORTS : 1];
  logic [31:0] wr_data  [NUM_WR_PORTS > 0 ? NUM_WR_PORTS : 1];

  // An exception was entered (after its stacking and its LR/SP/xPSR writes): its number and return address.
  logic        exc_valid;
  logic [5:0]  exc_num;
  logic [31:0] exc_ret;

  // Register snapshot (snapshot mode): the architectural registers as the retire or exception entry reported in
  // the same cycle leaves them, indexed by register id; snap_shown has a bit per register the core shows.
  /* verilator lint_off UNUSEDSIGNAL */  // read only by a monitor built with the checker
  logic [31:0] snap_regs [21];
  /* verilator lint_on UNUSEDSIGNAL */
  logic [20:0] snap_shown;

  // The AHB-Lite master port (address and data phase as on the bus) and what each address phase is for:
  // beat_data = 1 for a load/store, 0 for an instruction fetch or an exception vector read. A core that marks
  // its transfers correctly on HPROT[0] may drive beat_data = hprot[0].
  logic [31:0] haddr;
  logic [1:0]  htrans;
  logic        hwrite;
  logic [2:0]  hsize;
  logic [3:0]  hprot;
  logic [31:0] hwdata;
  logic [31:0] hrdata;
  logic        hready;
  logic        hresp;
  logic        beat_data;

  // MTB packets as the MTB writes them into its SRAM (tie pkt_valid to 0 without an MTB). pkt_offset: the byte
  // offset in the MTB SRAM the packet's first word is written at, compared within the trace buffer
  // (2^(MASTER.MASK+4) bytes) when pkt_offset_shown is 1 (tie it to 0 if the MTB does not show it).
  logic        pkt_valid;
  logic [31:0] pkt_w0;
  logic [31:0] pkt_w1;
  /* verilator lint_off UNUSEDSIGNAL */  // read only by a monitor built with the checker
  logic        pkt_offset_shown;
  logic [31:0] pkt_offset;
  /* verilator lint_on UNUSEDSIGNAL */

  // The interrupt inputs and SysTick's clock, for the checker's live mode (dpi/CHECKING_YOUR_CORE.md, "Live
  // mode"): irq = the levels of IRQ0-31 as the NVIC samples them, nmi = the NMI input's (tie both to 0 for a
  // system without external interrupts); systick_cycle = 1 in each clock cycle SysTick counts (SysTick counting
  // clock cycles: every cycle out of reset, whether SysTick is enabled or not; tie it to 0 when SysTick counts
  // retired instructions or there is none).
  // exc_choice = 1 in the cycle after the core chose to take an exception (it stacks or tail-chains next): what
  // the inputs and SysTick do from then until the entry is not part of the choice. Tie it to 0 if the core
  // cannot show it (the monitor then reports every change at once).
  logic [31:0] irq;
  logic        nmi;
  /* verilator lint_off UNUSEDSIGNAL */  // read only by a monitor built with the checker
  logic        systick_cycle;
  logic        exc_choice;
  /* verilator lint_on UNUSEDSIGNAL */

  // What drives the core's side for a core that shows only its registers (armv6m_vis_adapter); the testbench drives
  // the rest (the bus, the interrupt inputs, SysTick's clock, the MTB).
  modport adapter (
    output retire_valid, retire_pc, retire_opcode, retire_is32, retire_cond, wr_valid, wr_id, wr_data, exc_valid,
           exc_num, exc_ret, snap_regs, snap_shown, exc_choice
  );
  modport monitor (
    input clk, rst_n, retire_valid, retire_pc, retire_opcode, retire_is32, retire_cond, wr_valid, wr_id, wr_data,
          exc_valid, exc_num, exc_ret, snap_regs, snap_shown, haddr, htrans, hwrite, hsize, hprot, hwdata, hrdata,
          hready, hresp, beat_data, pkt_valid, pkt_w0, pkt_w1, pkt_offset_shown, pkt_offset, irq, nmi, systick_cycle,
          exc_choice
  );
endinterface
