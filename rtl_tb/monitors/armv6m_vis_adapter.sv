// The visibility-port adapter (dpi/CHECKING_YOUR_CORE.md, "Cortex-M0 and Cortex-M0+"): a core that shows its
// registers and the PC of the instruction in execute every cycle, as Arm's Cortex-M0 does on its vis_*_o outputs,
// but no retire strobe, no register write and no exception report, drives the trace port (armv6m_trace_if) through
// it: the adapter derives each retire, exception entry and register snapshot from what the port shows, takes each
// instruction's opcode from the core's own fetches on its AHB-Lite port. The testbench passes the bus to the trace
// port as for any core (beat_data = hprot[0]: Cortex-M0 marks opcode fetches with HPROT[0] = 0, loads, stores and
// vector reads with 1); the lockstep monitor checks the port in snapshot mode (armv6m_lockstep_monitor SNAPSHOT=1).
//
// It reads evidence, not one timing: what a move of the visible PC from o to n (two edges in a row) means follows
// from IPSR, the stack pointers and LR around it, whichever cycle each of them changes in.
//   - IPSR changes to an exception not active (at the move or before it, while the PC is parked): the core is
//     entering it. If a frame was stacked since the PC last moved (MSP or PSP 32 bytes or more below the highest
//     value it showed since), the move is the entry, return address o (the PC parks there while the core stacks;
//     a faulting instruction keeps it: its HardFault is reported as an entry at its own address, and the checker
//     takes the golden's faulting instruction with it, dpi/README.md "Register values"; LR may show its EXC_RETURN
//     value after IPSR: the registers are those of the PC's move to the handler). If not, the exception is
//     entered on a frame already there: a tail-chain (the return before it retires with its own registers; the
//     entry's return address is the EXC_RETURN value in LR), a late arrival (it replaces the entry whose handler
//     the PC showed, before that handler's first instruction completed), or an unstacking the core abandoned
//     (after the PC showed the return address, before that instruction completed).
//   - n >= 0xF0000000 (an EXC_RETURN value: Cortex-M0 shows 0xFFFFFFF8 while it unstacks): o is an exception
//     return. When the PC moves on into the context it restores (IPSR 0 or an exception active, which IPSR may
//     show before the PC moves), o retires with the unstacked registers; the stack pointers are taken when they
//     show the frame popped (they may lag the PC). A branch to such an address whose fetch faulted (BLX in a
//     handler) stacks a frame before the HardFault's handler: o retires with its own registers.
//   - otherwise o retired, with the registers the move shows. A conditional branch's condition is read from the
//     flags (B<cond> does not change them); after BL or BLX, LR is taken when it shows the return address (it may
//     lag the PC) or at the next move; a retire is reported only for an o the core fetched (the PC's moves out of
//     reset are not instructions).
// An entry and a return are reported once the core goes on from the handler or the return address: it fetches
// there, or the PC moves on (what follows decides between an entry and a late arrival, a return and an abandoned
// unstacking); the monitor's live mode takes them within its decision window. An entry whose handler is the
// instruction the PC parked on (IRQs sharing a handler) shows no move: the core's fetch there after IPSR changed
// stands for it.
// Parameters:
//   Shown    the registers the core shows, a bit per register id (dpi/include/tarmac/regs.h): r0-r12, LR, xPSR,
//            MSP, PSP, PRIMASK, CONTROL; the checker lists the others as never shown
//   FetchWords  fetched words remembered for the opcodes (a core that fetches further ahead needs more)
// CONTROL: Cortex-M0's vis_control_o is the stored SPSEL, which the architecture reads as 0 in Handler mode; the
// snapshot has CONTROL.SPSEL = vis_control in Thread mode, 0 in Handler mode. xPSR: the flags, T = 1 and IPSR.
// An instruction that branches to itself (B .) leaves the PC where it is: its retires cannot be seen.
// Lockup (ARMv6-M B1.5.15: a fault in HardFault or NMI, or in the entry to HardFault, stops the core): the faulting
// instruction leaves the PC where it is, so its retire is never seen as a move. At the first LOCKUP cycle the
// closes held back go out, then the instruction the PC shows retires with the registers shown, when the core
// fetched it (an instruction whose fetch faulted never executed); lockup_shown follows LOCKUP once the trace port
// has reported all of it, for the testbench to end the run on.
module armv6m_vis_adapter #(
  parameter logic [20:0] Shown = 21'h1F_5FFF,
  parameter int unsigned FetchWords = 8
) (
  input  logic        clk,
  input  logic        rst_n,
  // the visibility port (Cortex-M0's vis_*_o)
  input  logic [31:0] vis_r0, vis_r1, vis_r2, vis_r3, vis_r4, vis_r5, vis_r6, vis_r7, vis_r8, vis_r9, vis_r10,
  input  logic [31:0] vis_r11, vis_r12, vis_r14,
  input  logic [29:0] vis_msp,       // SP[31:2]
  input  logic [29:0] vis_psp,
  input  logic [30:0] vis_pc,        // PC[31:1]
  input  logic [3:0]  vis_apsr,
  input  logic [5:0]  vis_ipsr,
  input  logic        vis_control,
  input  logic        vis_primask,
  // the core's AHB-Lite master port, as the memories answer it (the opcodes of the fetches)
  input  logic [31:0] haddr,
  input  logic [1:0]  htrans,
  input  logic        hwrite,
  input  logic [2:0]  hsize,
  input  logic        hprot0,        // HPROT[0]: 0 an opcode fetch
  input  logic [31:0] hrdata,
  input  logic        hready,
  input  logic        hresp,
  input  logic        lockup,        // the core's LOCKUP output
  output logic        lockup_shown,  // LOCKUP, from the cycle after the trace port reported what led to it
  armv6m_trace_if.adapter tp
);
  localparam int unsigned QDepth = 8;   // closes waiting for the trace port: at most four an edge, one goes out

  // one cycle of the visibility port
  typedef struct packed {
    logic [12:0][31:0] r;
    logic [31:0] lr, msp, psp, pc;
    logic [3:0]  apsr;
    logic [5:0]  ipsr;
    logic        control, primask;
  } sample_t;
  // a close for the trace port: an instruction's retire or an exception entry, and the registers it left
  typedef struct packed {
    logic        exc;              // 0 retire, 1 exception entry
    logic [31:0] pc, opcode;       // retire
    logic        is32, cond;
    logic [5:0]  num;              // entry
    logic [31:0] ret;
    sample_t     regs;
  } close_t;
  // the close held back until what follows decides it (see the header)
  typedef enum logic [1:0] {
    HoldNone,
    HoldLr,                        // a BL or BLX retire, until LR shows its return address
    HoldEntry,                     // an entry, until its handler's first instruction completes (or a late arrival)
    HoldReturn                     // an exception return, until the instruction returned to completes
  } hold_e;

  sample_t now;
  assign now = '{r: {vis_r12, vis_r11, vis_r10, vis_r9, vis_r8, vis_r7, vis_r6, vis_r5, vis_r4, vis_r3, vis_r2,
                     vis_r1, vis_r0},
                 lr: vis_r14, msp: {vis_msp, 2'b00}, psp: {vis_psp, 2'b00}, pc: {vis_pc, 1'b0}, apsr: vis_apsr,
                 ipsr: vis_ipsr, control: vis_control, primask: vis_primask};

  // ---- the opcodes: the words of the last fetches (HPROT[0] = 0), with a valid bit per halfword ----
  logic [31:2] fw_addr [FetchWords];
  logic [31:0] fw_data [FetchWords];
  logic [1:0]  fw_half [FetchWords];
  logic [$clog2(FetchWords > 1 ? FetchWords : 2)-1:0] fw_next;
  logic        dp_fetch;              // the data phase under way is an opcode fetch
  logic [31:1] dp_addr;
  logic [2:0]  dp_size;

  // the halfword at address {a, 0}, if fetched
  function automatic logic half_at(input logic [31:1] a, output logic [15:0] h);
    for (int i = 0; i < FetchWords; i++)
      if (fw_addr[i] == a[31:2] && fw_half[i][a[1]]) begin
        h = a[1] ? fw_data[i][31:16] : fw_data[i][15:0];
        return 1'b1;
      end
    h = 16'd0;
    return 1'b0;
  endfunction

  // the instruction at {pc, 0} as the core fetched it: 0 when it did not (the opcode as the trace port has it)
  function automatic logic opcode_at(input logic [31:1] pc, output logic [31:0] op, output logic is32);
    logic [15:0] h1, h2;
    op = 32'd0;
    is32 = 1'b0;
    if (!half_at(pc, h1)) return 1'b0;
    if (h1[15:11] < 5'b11101) begin
      op = {16'd0, h1};
      return 1'b1;
    end
    if (!half_at(pc + 31'd1, h2)) return 1'b0;
    op = {h1, h2};
    is32 = 1'b1;
    return 1'b1;
  endfunction

  // ConditionPassed for B<cond> T1 (A6.3.1) with the flags it saw; 1 for every other instruction (op: the
  // first halfword's upper byte)
  function automatic logic cond_passed(input logic [7:0] op, input logic is32, input logic [3:0] f);
    logic n, z, c, v;
    {n, z, c, v} = f;
    if (is32 || op[7:4] != 4'b1101 || op[3:1] == 3'b111) return 1'b1;
    unique case (op[3:0])
      4'h0: return z;
      4'h1: return !z;
      4'h2: return c;
      4'h3: return !c;
      4'h4: return n;
      4'h5: return !n;
      4'h6: return v;
      4'h7: return !v;
      4'h8: return c && !z;
      4'h9: return !c || z;
      4'hA: return n == v;
      4'hB: return n != v;
      4'hC: return !z && n == v;
      4'hD: return z || n != v;
      default: return 1'b1;
    endcase
  endfunction

  // BL or BLX (register): LR lags the PC (the first halfword's upper 9 bits; of the second, bits 15, 14, 12)
  function automatic logic links(input logic [8:0] h1, input logic [2:0] h2, input logic is32);
    return is32 ? h1[8:4] == 5'b11110 && h2 == 3'b111 : h1 == 9'b0100_0111_1;
  endfunction

  // the stack pointer went down by a frame or more from hi (it only goes down so at an exception entry)
  function automatic logic below(input logic [31:0] hi, input logic [31:0] sp);
    return hi - sp >= 32'd32 && hi - sp < 32'h1000_0000;
  endfunction
  // LR after BL (32-bit) or BLX (register) at pc: the next instruction's address, Thumb bit set
  function automatic logic [31:0] link_of(input logic [31:0] pc, input logic is32);
    return (pc + (is32 ? 32'd4 : 32'd2)) | 32'd1;
  endfunction

  // ---- the state the port is read with (the _d values: this edge's, from the always_comb below) ----
  sample_t     prv_q;                  // the sample of the edge before
  logic        prv_valid_q;
  logic [47:0] active_q, active_d;     // exceptions active, by number, as the entries and returns have shown
  logic        enter_q, enter_d;       // IPSR changed to an exception not active, the entry not yet seen
  logic [5:0]  enter_num_q, enter_num_d;
  logic [31:0] hi_msp_q, hi_psp_q, hi_msp_d, hi_psp_d;  // the stack pointers' highest values since the PC moved
  logic        ret_q, ret_d;           // an exception return is under way (the PC shows the EXC_RETURN marker)
  close_t      ret_c_q, ret_c_d;       // its instruction's retire, with the registers after its own writes
  logic        ret_wlr_q, ret_wlr_d;   // ... LR still to show its return address (BLX)
  logic [31:0] ret_lr_q, ret_lr_d;     // ... the return address it must show
  logic [5:0]  ret_from_q, ret_from_d; // the exception it returns from
  hold_e       hk_q, hk_d;             // the close held back
  close_t      hc_q, hc_d;             // ... as reported when what follows confirms it
  close_t      hx_q, hx_d;             // HoldReturn: the returning instruction with its own registers; HoldEntry
  logic        hxe_q, hxe_d;           // with hxe: a return the entry tail-chained from, reported before it
  logic [31:0] hlr_q, hlr_d;           // HoldLr: the return address LR must show
  logic        hsp_q, hsp_d;           // HoldReturn: the stack pointers showed the frame popped
  logic        hf_q, hf_d;             // HoldEntry, HoldReturn: the core fetched where the PC shows (it goes on)
  logic        lk_q;                   // LOCKUP at the edge before
  close_t      c [4];                  // this edge's closes, in order (module level: Verilator clears the wide
  int          nc;                     // values of a function at every edge)
  close_t      q_q [QDepth];
  logic [$clog2(QDepth):0] q_n_q;
  close_t      hd;                     // the close that goes to the trace port

  // the fetch buffer
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      for (int i = 0; i < FetchWords; i++) begin
        fw_addr[i] <= '0;
        fw_data[i] <= 32'd0;
        fw_half[i] <= 2'b00;
      end
      fw_next <= '0;
      dp_fetch <= 1'b0;
      dp_addr <= '0;
      dp_size <= 3'd0;
    end else begin
      // the fetch whose data phase completes now: its word becomes the newest entry (in place of the oldest),
      // with the halfwords fetched before
      if (hready) begin
        if (dp_fetch) begin
          logic [1:0] lanes, kept;
          logic [31:0] data;
          int old;
          lanes = dp_size == 3'd1 ? (dp_addr[1] ? 2'b10 : 2'b01) : 2'b11;
          old = -1;
          for (int i = 0; i < FetchWords; i++) if (fw_addr[i] == dp_addr[31:2] && fw_half[i] != 2'b00) old = i;
          kept = old < 0 ? 2'b00 : fw_half[old];
          data = old < 0 ? 32'd0 : fw_data[old];
          for (int b = 0; b < 2; b++) if (lanes[b]) data[16*b +: 16] = hrdata[16*b +: 16];
          if (old >= 0) fw_half[old] <= 2'b00;
          fw_addr[fw_next] <= dp_addr[31:2];
          fw_data[fw_next] <= data;
          fw_half[fw_next] <= hresp ? kept & ~lanes : kept | lanes;   // a fetch that failed has no opcode
          fw_next <= int'(fw_next) == FetchWords - 1 ? '0 : fw_next + 1'b1;
        end
        dp_fetch <= htrans[1] && !hwrite && !hprot0;
        dp_addr <= haddr[31:1];
        dp_size <= hsize;
      end

    end
  end

  // ---- what this edge shows against the edge before (a: prv_q, b: now) ----
  sample_t     a, b;
  logic        moved, vmove, o_ret, n_ret, stacked, found, is32, enter, links_o, fetch_pc;
  logic [5:0]  enter_num;
  logic [31:0] o, op;
  assign a = prv_q;
  assign b = now;
  assign moved = prv_valid_q && a.pc != b.pc;
  assign o = a.pc;
  assign o_ret = a.pc[31:28] == 4'hF;      // the PC showed an EXC_RETURN value
  assign n_ret = b.pc[31:28] == 4'hF;
  // a frame was stacked since the PC last moved
  assign stacked = below(hi_msp_q, b.msp) || below(hi_psp_q, b.psp);
  // IPSR shows an exception not active: the core is entering it; 0 or one active: a return's context
  assign enter = prv_valid_q && a.ipsr != b.ipsr ? b.ipsr != 6'd0 && !active_q[b.ipsr] : enter_q;
  assign enter_num = prv_valid_q && a.ipsr != b.ipsr ? b.ipsr : enter_num_q;
  always_comb begin
    logic [31:0] w;
    logic        t;
    found = opcode_at(o[31:1], w, t);
    {op, is32} = {w, t};
  end
  assign links_o = links(is32 ? op[31:23] : op[15:7], {op[15:14], op[12]}, is32);
  // the address phase of an opcode fetch of the word the PC shows: the core goes on from there (Cortex-M0
  // issues it as the PC shows a handler or a return address; none for one it leaves for a late arrival)
  assign fetch_pc = htrans[1] && hready && !hwrite && !hprot0 && haddr[31:2] == b.pc[31:2];
  // an entry whose handler is where the PC parked (IRQs sharing one): the core fetches there after IPSR changed,
  // or a frame was stacked on the held entry's handler before its fetch
  assign vmove = prv_valid_q && !moved && enter && !n_ret &&
                 (fetch_pc || hk_q == HoldEntry && b.pc == hc_q.regs.pc && stacked);

  // ---- the closes this edge makes (c[0..nc-1], in order) and the next state ----
  // what the PC's move and the held close make of this edge (hk_m, hc_m, hxe_m, hf_m: the held close; c_m[0..nc_m-1]:
  // the closes); below, a held entry or return that goes out as the core goes on
  hold_e       hk_m;
  close_t      hc_m;
  logic        hxe_m, hf_m;
  close_t      c_m [4];
  int          nc_m;
  close_t      rc;  // the instruction the PC showed, as it retires (also the lockup's, in the block below)
  always_comb begin
    logic done;
    nc_m = 0;
    for (int i = 0; i < 4; i++) c_m[i] = '0;
    {active_d, enter_d, enter_num_d, ret_d, ret_c_d, ret_wlr_d, ret_lr_d, ret_from_d} =
      {active_q, enter, enter_num, ret_q, ret_c_q, ret_wlr_q, ret_lr_q, ret_from_q};
    {hk_m, hc_m, hx_d, hxe_m, hlr_d, hsp_d, hf_m} = {hk_q, hc_q, hx_q, hxe_q, hlr_q, hsp_q, hf_q};
    hi_msp_d = moved || vmove || hi_msp_q < b.msp ? b.msp : hi_msp_q;
    hi_psp_d = moved || vmove || hi_psp_q < b.psp ? b.psp : hi_psp_q;
    rc = '{pc: o, opcode: op, is32: is32, cond: cond_passed(op[15:8], is32, b.apsr), regs: b, default: '0};
    done = 1'b0;
    // what may lag the PC: LR after BL or BLX; the stack pointers (a frame popped) and CONTROL after a return
    if (ret_q && ret_wlr_q && b.lr == ret_lr_q) {ret_c_d.regs.lr, ret_wlr_d} = {b.lr, 1'b0};
    // IPSR leaves the exception a return unstacks: it is no longer active (it may be entered again at once)
    if (ret_q && prv_valid_q && a.ipsr != b.ipsr && a.ipsr == ret_from_q) active_d[ret_from_q] = 1'b0;
    if (hk_q == HoldLr && b.lr == hlr_q) begin
      hc_m.regs.lr = b.lr;
      c_m[nc_m] = hc_m;
      nc_m++;
      hk_m = HoldNone;
    end
    if (hk_q == HoldEntry && hxe_q && !moved) begin
      // a tail-chain keeps the frame: the return's own writeback of SP (a POP's) may show late, going up
      if (b.msp > hc_q.regs.msp) {hc_m.regs.msp, hx_d.regs.msp} = {b.msp, b.msp};
      if (b.psp > hc_q.regs.psp) {hc_m.regs.psp, hx_d.regs.psp} = {b.psp, b.psp};
    end
    if (hk_q == HoldReturn && !hsp_q && (below(b.msp, hc_q.regs.msp) || below(b.psp, hc_q.regs.psp))) begin
      {hc_m.regs.msp, hc_m.regs.psp, hc_m.regs.control, hsp_d} = {b.msp, b.psp, b.control, 1'b1};
    end
    if (moved || vmove) begin
      // what the move decides of the close held back
      if (hk_m == HoldEntry && enter && !stacked && !n_ret) begin
        // a late arrival: entered instead of the exception whose handler the PC showed, on its frame
        active_d[hc_m.num] = 1'b0;
        {hc_m.num, hc_m.regs} = {enter_num, b};
        hc_m.regs.ipsr = enter_num;
        done = 1'b1;
      end else if (hk_m == HoldReturn && enter && !stacked && !n_ret) begin
        // an abandoned unstacking: the return retires with its own registers, the exception reuses the frame
        hc_m = '{exc: 1'b1, num: enter_num, ret: b.lr, regs: b, default: '0};
        hc_m.regs.ipsr = enter_num;
        {hk_m, hxe_m, done} = {HoldEntry, 2'b11};
      end else if (hk_m != HoldNone) begin
        if (hk_m == HoldLr) hc_m.regs.lr = a.lr;   // LR never showed the return address: as it was
        // an entry noted on a frame stacked while the PC stayed where it parked (vmove): this move to its handler
        // is its own, the registers it shows (LR may follow IPSR) are the entry's
        if (hk_m == HoldEntry && !enter && o == hc_m.ret) begin
          hc_m.regs = b;
          hc_m.regs.ipsr = hc_m.num;
        end
        if (hk_m == HoldEntry && hxe_m) begin c_m[nc_m] = hx_d; nc_m++; end  // the return chained from first
        c_m[nc_m] = hc_m;
        nc_m++;
        {hk_m, hxe_m} = {HoldNone, 1'b0};
      end
      if (!done && !o_ret && n_ret) begin
        // an exception return from o begins (or a branch to an EXC_RETURN value, whose fetch faults)
        {ret_d, ret_c_d, ret_from_d} = {found, rc, a.ipsr};
        ret_c_d.cond = 1'b1;
        {ret_lr_d, ret_wlr_d} = {link_of(o, is32), links_o && b.lr != link_of(o, is32)};
      end else if (!done && o_ret && !n_ret && ret_q) begin
        ret_d = 1'b0;
        // IPSR names an exception not active (the one returning from included: it may chain into itself)
        if (enter || b.ipsr != 6'd0 && (b.ipsr == ret_from_q || !active_q[b.ipsr])) begin
          // a tail-chain (or, a frame stacked, the HardFault of the branch): o retires with its own registers
          if (stacked) begin c_m[nc_m] = ret_c_q; nc_m++; end
          else {hx_d, hxe_m} = {ret_c_q, 1'b1};
          active_d[ret_from_q] = stacked;
          hc_m = '{exc: 1'b1, num: b.ipsr, ret: stacked ? o : b.lr, regs: b, default: '0};
          hk_m = HoldEntry;
        end else begin
          // returned: o retires with the unstacked registers
          active_d[ret_from_q] = 1'b0;
          {hx_d, hc_m} = {ret_c_q, ret_c_q};
          hc_m.regs = b;
          hk_m = HoldReturn;
        end
      end else if (!done && !o_ret && !n_ret) begin
        if (enter && stacked) begin
          // an entry: the return address is where the PC parked
          hc_m = '{exc: 1'b1, num: enter_num, ret: o, regs: b, default: '0};
          hc_m.regs.ipsr = enter_num;
          hk_m = HoldEntry;
        end else if (moved && enter && found) begin
          // a tail-chain without the marker: o retires with the registers before the entry
          c_m[nc_m] = rc;
          c_m[nc_m].regs = a;
          {c_m[nc_m].regs.msp, c_m[nc_m].regs.psp} = {b.msp, b.psp};
          nc_m++;
          active_d[a.ipsr] = 1'b0;
          hc_m = '{exc: 1'b1, num: enter_num, ret: b.lr, regs: b, default: '0};
          hc_m.regs.ipsr = enter_num;
          hk_m = HoldEntry;
        end else if (moved && found && a.ipsr != b.ipsr) begin
          // an exception return without the marker, into IPSR 0 or an active exception
          active_d[a.ipsr] = 1'b0;
          {hx_d, hc_m} = {rc, rc};
          hx_d.regs = a;
          hk_m = HoldReturn;
        end else if (moved && found && links_o && b.lr != link_of(o, is32)) begin
          {hc_m, hlr_d, hk_m} = {rc, link_of(o, is32), HoldLr};
        end else if (moved && found) begin
          c_m[nc_m] = rc;
          nc_m++;
        end
      end
      if (hk_m == HoldEntry) active_d[hc_m.num] = 1'b1;
      {enter_d, hf_m} = '0;
      hsp_d = hk_m == HoldReturn && (below(b.msp, hx_d.regs.msp) || below(b.psp, hx_d.regs.psp));
    end
  end

  always_comb begin
    {hk_d, hc_d, hxe_d} = {hk_m, hc_m, hxe_m};
    c = c_m;
    nc = nc_m;
    // a held entry or return goes out once the core goes on from where the PC shows (a return's stack pointers
    // shown): what follows can no longer be a late arrival or an abandoned unstacking
    hf_d = hf_m || (hk_d == HoldEntry || hk_d == HoldReturn) && fetch_pc && b.pc == hc_d.regs.pc;
    // an entry goes out with the registers shown as the core goes on from its handler: what lags IPSR (LR) has
    // shown by then, also when the PC did not move (a handler where it parked)
    if (hk_d == HoldEntry && fetch_pc && b.pc == hc_d.regs.pc) begin
      hc_d.regs = b;
      hc_d.regs.ipsr = hc_d.num;
    end
    if (hf_d && (hk_d == HoldEntry || hk_d == HoldReturn && hsp_d) || lockup && !lk_q && hk_d != HoldNone) begin
      if (hk_d == HoldEntry && hxe_d) begin c[nc] = hx_d; nc++; end  // the return chained from first
      c[nc] = hc_d;
      nc++;
      {hk_d, hf_d, hxe_d} = {HoldNone, 2'b00};
    end
    // the first LOCKUP cycle: the instruction the core stopped on faulted (see the header)
    if (lockup && !lk_q && prv_valid_q && !moved && !o_ret && found && nc < 4) begin
      c[nc] = rc;
      c[nc].cond = 1'b1;
      nc++;
    end
  end

  // ---- the state, and the queue: this edge's closes behind the waiting ones; the first goes to the trace port ----
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      {prv_q, prv_valid_q, active_q, enter_q, enter_num_q, hi_msp_q, hi_psp_q} <= '0;
      {lk_q, lockup_shown} <= 2'b00;
      {ret_q, ret_c_q, ret_wlr_q, ret_lr_q, ret_from_q} <= '0;
      {hc_q, hx_q, hxe_q, hlr_q, hsp_q, hf_q} <= '0;
      hk_q <= HoldNone;
      for (int i = 0; i < QDepth; i++) q_q[i] <= '0;
      q_n_q <= '0;
      tp.retire_valid <= 1'b0;
      tp.exc_valid <= 1'b0;
    end else begin
      {prv_q, prv_valid_q} <= {now, 1'b1};
      // the monitor takes the last strobe at the edge after it is driven: lockup_shown one edge later still
      lk_q <= lockup;
      lockup_shown <= lk_q && nc == 0 && q_n_q == 0 && !tp.retire_valid && !tp.exc_valid;
      {active_q, enter_q, enter_num_q, hi_msp_q, hi_psp_q} <= {active_d, enter_d, enter_num_d, hi_msp_d, hi_psp_d};
      {ret_q, ret_c_q, ret_wlr_q, ret_lr_q, ret_from_q} <= {ret_d, ret_c_d, ret_wlr_d, ret_lr_d, ret_from_d};
      {hk_q, hc_q, hx_q, hxe_q, hlr_q, hsp_q, hf_q} <= {hk_d, hc_d, hx_d, hxe_d, hlr_d, hsp_d, hf_d};
      if (nc != 0 || q_n_q != 0) begin
        int qn;
        qn = int'(q_n_q);
        if (qn + nc - 1 > int'(QDepth)) $fatal(1, "armv6m_vis_adapter: more than %0d closes waiting", QDepth);
        /* verilator lint_off BLKSEQ */  // hd: this edge's (module level: see c)
        hd = qn != 0 ? q_q[0] : c[0];
        /* verilator lint_on BLKSEQ */
        for (int i = 0; i < int'(QDepth); i++)
          if (i + 1 < qn + nc) q_q[i] <= i + 1 < qn ? q_q[(i + 1) % QDepth] : c[(i + 1 - qn) % 4];
        q_n_q <= $bits(q_n_q)'(qn + nc - 1);
        tp.retire_valid <= !hd.exc;
        tp.exc_valid <= hd.exc;
        tp.retire_pc <= hd.pc;
        tp.retire_opcode <= hd.opcode;
        tp.retire_is32 <= hd.is32;
        tp.retire_cond <= hd.cond;
        tp.exc_num <= hd.num;
        tp.exc_ret <= hd.ret;
        // the snapshot by register id: xPSR of the flags, T and IPSR; CONTROL.SPSEL reads 0 in Handler mode
        for (int i = 0; i < 13; i++) tp.snap_regs[i] <= hd.regs.r[i];
        tp.snap_regs[13] <= 32'd0;
        tp.snap_regs[14] <= hd.regs.lr;
        tp.snap_regs[15] <= 32'd0;
        tp.snap_regs[16] <= {hd.regs.apsr, 3'b000, 1'b1, 18'd0, hd.regs.ipsr};
        tp.snap_regs[17] <= hd.regs.msp;
        tp.snap_regs[18] <= hd.regs.psp;
        tp.snap_regs[19] <= {31'd0, hd.regs.primask};
        tp.snap_regs[20] <= {30'd0, hd.regs.control && hd.regs.ipsr == 6'd0, 1'b0};
      end else begin
        tp.retire_valid <= 1'b0;
        tp.exc_valid <= 1'b0;
      end
    end
  end

  // the registers shown, no write ports
  assign tp.snap_shown = Shown;
  assign tp.wr_valid[0] = 1'b0;
  assign tp.wr_id[0] = 5'd0;
  assign tp.wr_data[0] = 32'd0;
  // The choice (exc_choice): the core has chosen its exception by the time it reads the vector, a word read of the
  // table (HPROT[0] = 1, below 4 * 48) while an entry is under way: a frame's eight words written since the last
  // opcode fetch (the port shows the stack pointer and IPSR only after the vector read), or an exception return
  // (a tail-chain). The entry is reported cycles later, once the core goes on from the handler; an input that
  // changes from this edge on was not part of the choice (a pulse rising just after the vector read pends again:
  // the monitor's CHOICE_TAKES = 1 gives the entry's call the choice's time).
  // A program's own read of the table shows no entry under way.
  logic [3:0] frame_words;   // word writes since the last opcode fetch, up to 8
  logic       vector_read;
  always_ff @(posedge clk or negedge rst_n)
    if (!rst_n) frame_words <= 4'd0;
    else if (htrans[1] && hready && !hprot0 && !hwrite) frame_words <= 4'd0;
    else if (htrans[1] && hready && hwrite && hsize == 3'd2 && frame_words != 4'd8) frame_words <= frame_words + 4'd1;
  assign vector_read = htrans[1] && hready && !hwrite && hprot0 && hsize == 3'd2 && haddr < 32'd192
                       && haddr[1:0] == 2'b00 && haddr >= 32'd8;
  assign tp.exc_choice = vector_read && (frame_words == 4'd8 || ret_q);

  // bits not used by design: the opcodes come from halfword-aligned fetches; a close's PC is not a register
  logic unused;
  assign unused = ^{haddr[0], htrans[0], hd.regs.pc};
endmodule
