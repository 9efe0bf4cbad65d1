// The Cortex-M0 visibility port of m0_core (rtl_tb/core/README.md, "The Cortex-M0 visibility port"): what Arm's
// core shows on its vis_*_o outputs, with the timing `timing` selects (m0_pkg::vis_timing_t; VIS_TIMING_M0 is the
// real core's), so that the visibility-port adapter is tested on every timing it must read, not one:
//  - the PC of the instruction in execute, which moves on when it retires; parked on the return address while a
//    frame is stacked (on the faulting instruction for a fault); 0xFFFFFFF8 from an exception return's unstacking
//    (a tail-chain: from its retire) until the PC is the return address or the chained handler;
//  - the other registers as the core holds them, each group early or late against the PC's move as `timing` says:
//    at an exception entry SP (from the first stacking write), IPSR and LR (from the vector read); at an exception
//    return IPSR and the flags, LR and SP; LR after BL and BLX; CONTROL in Handler mode.
module m0_vis
  import m0_pkg::*;
(
  input  logic        clk,
  input  logic        rst_n,
  input  vis_timing_t timing,
  input  state_e      state_q,         // the controller's state
  input  logic [31:0] r [15],          // r0-r14 as the core holds them (r13: the SP in use)
  input  logic [31:0] msp,             // the stack pointers, the flags, PRIMASK, SPSEL, IPSR as the core holds them
  input  logic [31:0] psp,
  input  logic [3:0]  nzcv,
  input  logic        primask,
  input  logic        spsel,
  input  logic [5:0]  ipsr,
  input  logic [31:0] pc,              // the instruction in execute
  input  logic        link,            // BL or BLX wrote LR, the PC has not moved yet
  input  logic        ret,             // an exception return is under way: the PC shows EXC_RETURN (m0_exc)
  input  logic        unstack,         // ... it unstacks (not a tail-chain) ...
  input  logic        restore,         // ... its last read: the registers from the frame at this edge
  input  logic        ret_psp,         // ... to Thread mode on PSP
  input  logic        vec,             // an entry's vector read is under way (m0_exc) ...
  input  logic [5:0]  vec_num,         // ... of this exception
  input  logic [31:0] vec_lr,          // ... whose LR will be this EXC_RETURN value
  input  logic        stacked,         // an entry's first stacking write's address phase is over (m0_exc) ...
  input  logic [31:0] frame_addr,      // ... the frame is there ...
  input  logic        frame_psp,       // ... on PSP
  output logic [31:0] vis_r0_o, vis_r1_o, vis_r2_o, vis_r3_o, vis_r4_o, vis_r5_o, vis_r6_o, vis_r7_o, vis_r8_o,
  output logic [31:0] vis_r9_o, vis_r10_o, vis_r11_o, vis_r12_o, vis_r14_o,
  output logic [29:0] vis_msp_o,
  output logic [29:0] vis_psp_o,
  output logic [30:0] vis_pc_o,
  output logic [3:0]  vis_apsr_o,
  output logic [5:0]  vis_ipsr_o,
  output logic        vis_control_o,
  output logic        vis_primask_o
);
  // what the port showed at the last edge (a group held shows it again), and the state the holds are timed by
  typedef struct packed {
    logic [31:0] lr, msp, psp;
    logic [3:0]  nzcv;
    logic [5:0]  ipsr;
    logic        spsel;          // CONTROL as shown
    logic        thread_spsel;   // timing.control 0: Thread mode's SPSEL
    logic        unstack;        // the last cycle was one of an exception return that unstacks ...
    logic        restored;       // ... after its registers came from the frame
    logic [1:0]  link_left;      // cycles LR stays held after the PC moved from a BL or BLX
  } shown_t;
  shown_t q, d;

  logic hold_lr, hold_sp, hold_psr;
  always_comb begin
    d = q;
    // LR: after BL and BLX until link_left runs out; at a return until the PC moves (or one cycle before)
    d.link_left = link ? timing.link_lr : q.link_left != 2'd0 ? q.link_left - 2'd1 : 2'd0;
    hold_lr = (link || q.link_left != 2'd0) && timing.link_lr != 2'd0 ||
              unstack && (timing.ret_lr == 2'd0 || timing.ret_lr == 2'd1 && state_q != S_RETIRE);
    // SP from the frame: at a return until the PC moves, or one cycle more (the returning POP's own SP write, and
    // an unstacking abandoned for a tail-chain, show as any instruction's)
    d.restored = unstack && (q.restored || restore);
    hold_sp = unstack && q.restored || q.unstack && q.restored && timing.ret_sp;
    // IPSR and the flags at a return: until the PC moves (ret_ipsr 0)
    hold_psr = unstack && !timing.ret_ipsr;

    vis_r14_o = timing.entry_lr && vec ? vec_lr : hold_lr ? q.lr : r[14];
    {vis_msp_o, vis_psp_o} = {msp[31:2], psp[31:2]};
    if (hold_sp) {vis_msp_o, vis_psp_o} = {q.msp[31:2], q.psp[31:2]};
    else if (timing.entry_sp && stacked) begin
      if (frame_psp) vis_psp_o = frame_addr[31:2];
      else vis_msp_o = frame_addr[31:2];
    end
    vis_apsr_o = hold_psr ? q.nzcv : nzcv;
    vis_ipsr_o = hold_psr ? q.ipsr : ipsr;
    if (timing.entry_ipsr && vec || state_q == S_EXC_COMMIT) vis_ipsr_o = vec_num;
    // CONTROL: the stored SPSEL, Thread mode's in Handler mode; or the architecture's, one cycle late at an entry
    // and early, from the cycle after the PC shows EXC_RETURN, at a return to Thread mode on PSP
    d.thread_spsel = vis_ipsr_o == 6'd0 ? spsel : q.thread_spsel;
    d.spsel = unstack && ret_psp ? 1'b1 : spsel;
    vis_control_o = timing.control ? q.spsel : vis_ipsr_o == 6'd0 ? spsel : q.thread_spsel;

    d.lr = vis_r14_o;
    d.msp = {vis_msp_o, 2'b00};
    d.psp = {vis_psp_o, 2'b00};
    d.nzcv = vis_apsr_o;
    d.ipsr = vis_ipsr_o;
    d.unstack = unstack;
  end

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) q <= '0;
    else q <= d;
  end

  assign {vis_r0_o, vis_r1_o, vis_r2_o, vis_r3_o, vis_r4_o, vis_r5_o, vis_r6_o, vis_r7_o} =
         {r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7]};
  assign {vis_r8_o, vis_r9_o, vis_r10_o, vis_r11_o, vis_r12_o} = {r[8], r[9], r[10], r[11], r[12]};
  assign vis_pc_o = ret ? 31'h7FFF_FFFC : pc[31:1];
  assign vis_primask_o = primask;

  logic unused;  // the SP in use (the port shows MSP and PSP), and bits the port leaves out
  assign unused = ^{r[13], msp[1:0], psp[1:0], pc[0], frame_addr[1:0]};
endmodule
