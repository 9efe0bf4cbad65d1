// Semihosting on a core without halting debug (dpi/CHECKING_YOUR_CORE.md, "Reusable pieces"): such a core (Arm's
// Cortex-M0 built without debug) takes BKPT as a HardFault, so the call never halts it. This module sits between
// the core's AHB-Lite master port and the bus and serves BKPT 0xAB on the fetch, with armv6m_semihost as the
// service (its req/op/arg/ack port):
//   - every halfword BKPT 0xAB (0xBEAB) the core fetches reaches it as NOP (0xBF00), and its address is noted;
//   - when the core shows that instruction in execute (the PC of its visibility port: the instructions before it
//     have completed, r0 and r1 are the call's), the call is requested with r0 and r1 as the core shows them;
//   - until it is served the core is held: the data phase of its next fetch is extended (its address phase after
//     it does not reach the bus), so that nothing the program does after the call happens before it;
//   - the NOP retires where the program has the BKPT. The golden has BKPT 0xAB there: observers of the core's
//     transfers (the visibility-port adapter, which takes the opcodes from the fetches) see the bus's data,
//     seen_hrdata, so the checker compares the BKPT. A call with no result (SYS_WRITEC, SYS_WRITE0, the exits)
//     then matches; r0 of an operation armv6m_semihost does not serve stays as it was (the golden's is -1).
// call_pc is the address of the BKPT of the last call, so that a testbench ends the test at its retire.
module armv6m_semihost_fetch (
  input  logic        clk,
  input  logic        rst_n,
  // the core's transfers and what the bus answers
  input  logic [31:0] haddr,
  input  logic [1:0]  htrans,        // the core's
  input  logic        hwrite,
  input  logic [2:0]  hsize,
  input  logic [3:0]  hprot,
  input  logic [31:0] hrdata,        // the bus's
  input  logic        hready,
  input  logic        hresp,
  output logic [1:0]  bus_htrans,    // to the bus: IDLE while the core is held
  output logic        core_hready,   // to the core, and to what watches its transfers
  output logic [31:0] core_hrdata,   // to the core: NOP for BKPT 0xAB
  output logic [31:0] seen_hrdata,   // the bus's data as the core's transfers complete
  // the core's visibility port: the PC in execute, r0 and r1
  input  logic [31:0] pc,
  input  logic [31:0] r0,
  input  logic [31:0] r1,
  // armv6m_semihost's call port
  output logic        req,
  output logic [31:0] op,
  output logic [31:0] arg,
  input  logic        ack,
  output logic [31:0] call_pc
);
  localparam logic [15:0] BkptAb = 16'hBEAB, Nop = 16'hBF00;

  logic        dp_valid, dp_fetch;  // the core's data phase, and whether it is an opcode fetch (HPROT[0] = 0)
  logic [1:0]  dp_lanes;            // its halfwords
  logic [31:0] dp_addr;
  logic        held, armed, calling;
  logic [31:0] held_data, armed_pc;
  logic [1:0]  bkpt;                // the halfwords of the data phase that are BKPT 0xAB

  // the core is held while a call is under way, from the first data phase that completes; an address phase the
  // core does not see accepted does not reach the bus
  assign seen_hrdata = held ? held_data : hrdata;
  assign core_hready = held ? !calling : hready && !(calling && dp_valid && !hresp);
  assign bus_htrans = core_hready ? htrans : 2'b00;
  assign bkpt = {dp_lanes[1] && seen_hrdata[31:16] == BkptAb, dp_lanes[0] && seen_hrdata[15:0] == BkptAb};
  assign core_hrdata = dp_fetch ? {bkpt[1] ? Nop : seen_hrdata[31:16], bkpt[0] ? Nop : seen_hrdata[15:0]}
                                : seen_hrdata;
  assign req = calling;
  assign call_pc = armed_pc;

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      dp_valid <= 1'b0;
      dp_fetch <= 1'b0;
      dp_lanes <= 2'b00;
      dp_addr <= 32'd0;
      held <= 1'b0;
      held_data <= 32'd0;
      armed <= 1'b0;
      armed_pc <= 32'd0;
      calling <= 1'b0;
      op <= 32'd0;
      arg <= 32'd0;
    end else begin
      if (!held && calling && dp_valid && hready && !hresp) begin
        held <= 1'b1;         // the bus completed the data phase; the core waits for the call
        held_data <= hrdata;
      end
      if (held && !calling) held <= 1'b0;
      if (core_hready) begin
        dp_valid <= htrans[1];
        dp_fetch <= htrans[1] && !hwrite && !hprot[0];
        dp_lanes <= hsize == 3'd1 ? (haddr[1] ? 2'b10 : 2'b01) : hsize == 3'd2 ? 2'b11 : 2'b00;
        dp_addr <= haddr;
        // a fetched BKPT 0xAB: the call is made when the PC reaches it
        if (dp_fetch && !hresp && bkpt != 2'b00) begin
          armed <= 1'b1;
          armed_pc <= {dp_addr[31:2], bkpt[0] ? 2'b00 : 2'b10};
        end
      end
      if (armed && !calling && pc == armed_pc) begin
        calling <= 1'b1;
        armed <= 1'b0;
        op <= r0;
        arg <= r1;
      end
      if (calling && ack) calling <= 1'b0;
    end
  end

  logic unused;
  assign unused = ^{dp_addr[1:0], hprot[3:1]};
endmodule
