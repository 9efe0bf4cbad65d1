// System Control Space on the AHB: SysTick, NVIC and SCB registers, word accesses only (others get an ERROR
// response), as model/exceptions.c implements them, and the external interrupt inputs.
//   CpuId:         the SCB CPUID value (the model's cpuid)
//   NumIrq:        external interrupts implemented, 1-32 (the model's num_irq); the NVIC bits of the others are
//                  RAZ/WI and their inputs are ignored
//   SysTickCycles: 0 SysTick decrements once per retired instruction (the model's systick=insn, what a golden
//                  file made before the run can follow); 1 once per clock cycle (systick=cycles: live mode only)
//   VtorPresent:   VTOR implemented (the model's vtor); 0: it reads 0 and ignores writes
//   SystCalib:     what SYST_CALIB reads (the model's syst_calib)
//   PendBarrier:   an exception a store pends (ICSR NMIPENDSET/PENDSVSET/PENDSTSET, NVIC ISPR) is held from the core
//                  until the next DSB or ISB retires (sync) or an exception return (the model's sw_pend=barrier);
//                  its pending state shows in the registers at once
//   ShcsrPresent:  SHCSR implemented (the model's shcsr); 0: it reads 0 and ignores writes (Cortex-M0)
// irq_i: IRQ0-31 are level-sensitive, as the Cortex-M0 NVIC: an interrupt becomes pending when its line is high
// and it is not active, or on a rising edge of its line (also while active); so a line held high pends it again
// after an ICPR write, or after its handler returns. nmi_i: NMI pends on its rising edge. Which IRQs are active
// the SCS follows from the core's entries (clr_valid) and exception returns (exc_return with the retire).
module scs #(
  parameter logic [31:0] CpuId         = 32'h410C_C601,
  parameter int unsigned NumIrq        = 32,
  parameter bit          SysTickCycles = 1'b0,
  parameter bit          VtorPresent   = 1'b1,
  parameter logic [31:0] SystCalib     = 32'h0000_0000,
  parameter bit          PendBarrier   = 1'b0,
  parameter bit          ShcsrPresent  = 1'b1
) (
  input  logic        clk,
  input  logic        rst_n,
  input  logic        hsel,
  input  logic [31:0] haddr,
  input  logic [1:0]  htrans,
  input  logic        hwrite,
  input  logic [2:0]  hsize,
  input  logic [31:0] hwdata,
  input  logic        hready,
  output logic        hreadyout,
  output logic        hresp,
  output logic [31:0] hrdata,
  input  logic        retire,          // one SysTick tick per retired instruction (SysTickCycles = 0)
  input  logic [31:0] irq_i,           // IRQ0-31 input levels
  input  logic        nmi_i,           // NMI input
  input  logic        exc_return,      // with retire: the instruction returned from an exception
  input  logic        sync,            // with retire: the instruction was a DSB or an ISB
  input  logic        clr_valid,       // exception entry clears the pending state (and activates clr_num)
  input  logic [5:0]  clr_num,
  input  logic [5:0]  ipsr,
  // what the core may take: pending, enabled (IRQs) and not held (PendBarrier)
  output logic [31:0] irq_pending_o,
  output logic [63:0] irq_prio,
  output logic        nmi_pending_o,
  output logic        pendsv_pending_o,
  output logic        systick_pending_o,
  output logic [1:0]  pri_svcall,
  output logic [1:0]  pri_pendsv,
  output logic [1:0]  pri_systick,
  output logic [31:0] vtor,
  // SHCSR: SVCall's pending state lives in the core
  input  logic        svc_pending_i,
  output logic        shcsr_we,         // a write of SHCSR (its data phase): SVCall pending := shcsr_svcallpended
  output logic        shcsr_svcallpended,
  output logic        svc_held_o        // PendBarrier: SVCall pended by SHCSR, held as the other software pends
);
  localparam logic [31:0] IrqMask = NumIrq >= 32 ? 32'hFFFF_FFFF : (32'd1 << NumIrq) - 32'd1;
  logic [31:0] en, pend, st_csr, st_rvr, st_cvr, scr;
  logic [31:0] irq_pending;                         // pending and enabled
  logic        nmi_pending, pendsv_pending, systick_pending;
  // PendBarrier: pended by a store, held from the core until a DSB, ISB or exception return; a pend cleared
  // holds nothing
  logic [31:0] held_irq;
  logic        held_nmi, held_pendsv, held_systick, held_svc;
  assign svc_held_o = PendBarrier && held_svc;
  assign irq_pending_o = PendBarrier ? irq_pending & ~held_irq : irq_pending;
  assign nmi_pending_o = PendBarrier ? nmi_pending && !held_nmi : nmi_pending;
  assign pendsv_pending_o = PendBarrier ? pendsv_pending && !held_pendsv : pendsv_pending;
  assign systick_pending_o = PendBarrier ? systick_pending && !held_systick : systick_pending;
  logic [7:0]  prio [0:31];
  logic        rd, wr, nmi_q;
  // the active IRQs: set at entry, cleared at the exception return that leaves them; the return's exception is
  // IPSR, or the IPSR before an unstacking that changed it earlier in the same instruction
  logic [31:0] irq_active, irq_q, active_now, leaving;
  logic [5:0]  ipsr_q, unstk_from;
  logic        unstk;
  always_comb begin
    logic [5:0] ret;
    ret = unstk ? unstk_from : ipsr;
    leaving = (retire && exc_return && ret >= 6'd16) ? 32'd1 << 5'(ret - 6'd16) : 32'd0;
    active_now = irq_active & ~leaving;
    if (clr_valid && clr_num >= 6'd16) active_now = active_now | (32'd1 << 5'(clr_num - 6'd16));
  end
  logic [11:0] dp_off;
  ahb_reg_port #(.OFF_BITS(12)) u_port (
    .clk, .rst_n, .hsel, .haddr, .htrans, .hwrite, .hsize, .hready, .hreadyout, .hresp, .rd, .wr, .off(dp_off)
  );

  assign irq_pending = pend & en;
  assign shcsr_we = ShcsrPresent && wr && dp_off == 12'hd24;  // absent: writes ignored
  assign shcsr_svcallpended = hwdata[15];
  always_comb for (int i = 0; i < 32; i++) irq_prio[2*i +: 2] = prio[i][7:6];

  // the highest-priority pending exception, for ICSR.VECTPENDING: NMI (priority -2) above all, else the one of the
  // lowest configurable priority value (the lowest number among equals). The priorities compare as unsigned
  // 3-bit values: a signed comparison is a library call in the simulator's C++.
  logic [5:0] vecpend;
  always_comb begin
    logic [2:0] best;  // the priority found; 4: none
    vecpend = 6'd0;
    best = 3'd4;
    if (svc_pending_i && {1'b0, pri_svcall} < best) begin vecpend = 6'd11; best = {1'b0, pri_svcall}; end
    if (pendsv_pending && {1'b0, pri_pendsv} < best) begin vecpend = 6'd14; best = {1'b0, pri_pendsv}; end
    if (systick_pending && {1'b0, pri_systick} < best) begin vecpend = 6'd15; best = {1'b0, pri_systick}; end
    for (int i = 0; i < 32; i++)
      if (irq_pending[i] && {1'b0, prio[i][7:6]} < best) begin vecpend = 6'(16 + i); best = {1'b0, prio[i][7:6]}; end
    if (nmi_pending) vecpend = 6'd2;
  end

  always_comb begin
    hrdata = 32'd0;
    case (dp_off)
      12'h010: hrdata = st_csr | 32'd4;
      12'h014: hrdata = st_rvr;
      12'h018: hrdata = st_cvr;
      12'h01c: hrdata = SystCalib;
      12'h100, 12'h180: hrdata = en;
      12'h200, 12'h280: hrdata = pend;
      12'hd00: hrdata = CpuId;
      12'hd04: hrdata = {nmi_pending, 2'b00, pendsv_pending, 1'b0, systick_pending, 3'b000, |irq_pending, 4'd0,
                         vecpend, 6'd0, ipsr};
      12'hd08: hrdata = vtor;
      12'hd0c: hrdata = 32'hfa05_0000;
      12'hd10: hrdata = scr;
      12'hd14: hrdata = 32'h0000_0208;
      12'hd1c: hrdata = {pri_svcall, 30'd0};
      12'hd20: hrdata = {pri_systick, 6'd0, pri_pendsv, 22'd0};
      12'hd24: hrdata = ShcsrPresent ? {16'd0, svc_pending_i, 15'd0} : 32'd0;
      default:
        if (dp_off >= 12'h400 && dp_off < 12'h420)
          hrdata = {prio[dp_off[4:0] + 3], prio[dp_off[4:0] + 2], prio[dp_off[4:0] + 1], prio[dp_off[4:0]]};
    endcase
  end

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      en <= 32'd0; pend <= 32'd0; st_csr <= 32'd0; st_rvr <= 32'd0; st_cvr <= 32'd0; scr <= 32'd0;
      for (int i = 0; i < 32; i++) prio[i] <= 8'd0;
      nmi_pending <= 1'b0; pendsv_pending <= 1'b0; systick_pending <= 1'b0; nmi_q <= 1'b0;
      irq_active <= 32'd0; irq_q <= 32'd0; ipsr_q <= 6'd0; unstk_from <= 6'd0; unstk <= 1'b0;
      pri_svcall <= 2'd0; pri_pendsv <= 2'd0; pri_systick <= 2'd0; vtor <= 32'd0;
      held_irq <= 32'd0; held_nmi <= 1'b0; held_pendsv <= 1'b0; held_systick <= 1'b0; held_svc <= 1'b0;
    end else begin
      // SysTick: one decrement per retired instruction (model/ARCHITECTURE.md) or per clock cycle
      if ((SysTickCycles || retire) && st_csr[0]) begin
        if (st_cvr == 32'd0) st_cvr <= st_rvr;
        else begin
          st_cvr <= st_cvr - 32'd1;
          if (st_cvr == 32'd1) begin
            st_csr[16] <= 1'b1;
            if (st_csr[1]) systick_pending <= 1'b1;
          end
        end
      end
      if (clr_valid) begin
        case (clr_num)
          6'd2: nmi_pending <= 1'b0;
          6'd14: pendsv_pending <= 1'b0;
          6'd15: systick_pending <= 1'b0;
          default: if (clr_num >= 6'd16) pend[5'(clr_num - 6'd16)] <= 1'b0;
        endcase
      end
      // data phase: reads have no side effect but COUNTFLAG's clear
      if (rd && dp_off == 12'h010) st_csr[16] <= 1'b0;
      if (wr) begin
        case (dp_off)
          12'h010: st_csr <= {st_csr[31:3], hwdata[2:0]};
          12'h014: st_rvr <= {8'd0, hwdata[23:0]};
          12'h018: begin st_cvr <= 32'd0; st_csr[16] <= 1'b0; end
          12'h100: en <= en | (hwdata & IrqMask);
          12'h180: en <= en & ~hwdata;
          12'h200: pend <= pend | (hwdata & IrqMask);
          12'h280: pend <= pend & ~hwdata;
          12'hd04: begin
            if (hwdata[31]) nmi_pending <= 1'b1;
            if (hwdata[28]) pendsv_pending <= 1'b1;
            if (hwdata[27]) pendsv_pending <= 1'b0;
            if (hwdata[26]) systick_pending <= 1'b1;
            if (hwdata[25]) systick_pending <= 1'b0;
          end
          12'hd08: if (VtorPresent) vtor <= {hwdata[31:7], 7'd0};
          12'hd10: scr <= hwdata & 32'h16;
          12'hd1c: pri_svcall <= hwdata[31:30];
          12'hd20: begin pri_systick <= hwdata[31:30]; pri_pendsv <= hwdata[23:22]; end
          default:
            if (dp_off >= 12'h400 && dp_off < 12'h420)
              for (int k = 0; k < 4; k++)
                if (IrqMask[dp_off[4:0] + 5'(k)]) prio[dp_off[4:0] + 5'(k)] <= hwdata[8*k +: 8] & 8'hc0;
        endcase
      end
      // PendBarrier: a store's new pends are held; a DSB, ISB or exception return lets them be taken; a pend that
      // clears (entry, ICPR, PENDxCLR) holds nothing
      if (PendBarrier && wr && dp_off == 12'h200) held_irq <= held_irq | (hwdata & IrqMask & ~pend);
      if (PendBarrier && wr && dp_off == 12'h280) held_irq <= held_irq & ~hwdata;
      if (PendBarrier && wr && dp_off == 12'hd04) begin
        if (hwdata[31] && !nmi_pending) held_nmi <= 1'b1;
        if (hwdata[28] && !hwdata[27] && !pendsv_pending) held_pendsv <= 1'b1;
        if (hwdata[27]) held_pendsv <= 1'b0;
        if (hwdata[26] && !hwdata[25] && !systick_pending) held_systick <= 1'b1;
        if (hwdata[25]) held_systick <= 1'b0;
      end
      if (PendBarrier && shcsr_we) held_svc <= hwdata[15] && (held_svc || !svc_pending_i);
      if (PendBarrier && clr_valid) begin
        if (clr_num == 6'd2) held_nmi <= 1'b0;
        if (clr_num == 6'd14) held_pendsv <= 1'b0;
        if (clr_num == 6'd15) held_systick <= 1'b0;
        if (clr_num == 6'd11) held_svc <= 1'b0;
        if (clr_num >= 6'd16) held_irq[5'(clr_num - 6'd16)] <= 1'b0;
      end
      if (PendBarrier && retire && (sync || exc_return)) begin
        held_irq <= 32'd0; held_nmi <= 1'b0; held_pendsv <= 1'b0; held_systick <= 1'b0; held_svc <= 1'b0;
      end
      irq_active <= active_now;
      ipsr_q <= ipsr;
      if (ipsr != ipsr_q && !clr_valid) begin  // an unstacking: the return retires later
        unstk <= 1'b1;
        unstk_from <= ipsr_q;
      end else if (retire) begin
        unstk <= 1'b0;
      end
      // the inputs last: a line that pends wins over an entry's or a write's clear in the same cycle
      irq_q <= irq_i;
      for (int i = 0; i < 32; i++)
        if (irq_i[i] && IrqMask[i] && (!active_now[i] || !irq_q[i])) pend[i] <= 1'b1;
      nmi_q <= nmi_i;
      if (nmi_i && !nmi_q) nmi_pending <= 1'b1;
    end
  end
endmodule
