// Reference ARMv6-M core: a multi-cycle machine (fetch, execute, memory transfers one at a time, register
// commit) with a single AHB-Lite master for fetch and data, as Cortex-M0. The architectural choices are the
// model's (model/ARCHITECTURE.md); see rtl_tb/core/README.md for the state machine and the trace port.
//   LrReset: LR at reset (the model's lr_reset; the architecture leaves it UNKNOWN, Cortex-M0/M0+ 0xFFFFFFFF)
module m0_core #(
  parameter logic [31:0] LrReset = 32'hFFFF_FFFF,
  // model/ARCHITECTURE.md, "Tail-chaining and late arrival" (the model's --config tail_chain / late_arrival)
  parameter bit TailChain = 1'b0,    // an exception return enters a preempting pending exception without unstacking
  parameter bit LateArrival = 1'b0   // an exception arriving while another is entered is taken instead
) (
  input  logic        clk,
  input  logic        rst_n,
  // AHB-Lite master
  output logic [31:0] haddr,
  output logic [1:0]  htrans,
  output logic        hwrite,
  output logic [2:0]  hsize,
  output logic [3:0]  hprot,
  output logic [31:0] hwdata,
  input  logic [31:0] hrdata,
  input  logic        hready,
  input  logic        hresp,
  // from the SCS: what is pending and the priorities (2-bit fields)
  input  logic [31:0] irq_pending,     // pending and enabled
  input  logic [63:0] irq_prio,
  input  logic        nmi_pending,
  input  logic        pendsv_pending,
  input  logic        systick_pending,
  input  logic [1:0]  pri_svcall,
  input  logic [1:0]  pri_pendsv,
  input  logic [1:0]  pri_systick,
  input  logic [31:0] vtor,
  output logic        clr_valid,       // exception entry: clear the pending state of clr_num
  output logic [5:0]  clr_num,
  output logic [5:0]  ipsr_o,
  // trace port
  output logic        retire_valid,
  output logic [31:0] retire_pc,
  output logic [31:0] retire_opcode,
  output logic        retire_is32,
  output logic        retire_cond,
  output logic        rf_we_a,         // register writes (ids of dpi/include/tarmac/regs.h)
  output logic [4:0]  rf_id_a,
  output logic [31:0] rf_data_a,
  output logic        rf_we_b,         // special registers: xPSR, PRIMASK, CONTROL
  output logic [4:0]  rf_id_b,
  output logic [31:0] rf_data_b,
  output logic        exc_valid,
  output logic [5:0]  exc_num,
  output logic [31:0] exc_ret,
  output logic [31:0] vis_regs [21],  // visibility port: the architectural registers by register id (PC: 0)
  output logic        mtb_ev_valid,    // a non-sequential PC change for the MTB
  output logic [31:0] mtb_ev_src,
  output logic [31:0] mtb_ev_dst,
  output logic        mtb_ev_a,
  // semihosting: BKPT 0xAB halts the core until the testbench acknowledges
  output logic        semihost_req,
  output logic [31:0] semihost_op,
  output logic [31:0] semihost_arg,
  input  logic        semihost_ack,
  input  logic        semihost_wr_r0,
  input  logic [31:0] semihost_r0,
  output logic        halted,
  output logic        lockup
);

  localparam int ID_LR = 14, ID_XPSR = 16, ID_MSP = 17, ID_PSP = 18, ID_PRIMASK = 19,
                 ID_CONTROL = 20;

  typedef enum logic [4:0] {
    S_RESET_SP, S_RESET_SP_D, S_RESET_PC, S_RESET_PC_D, S_RESET_DONE,
    S_FETCH, S_FETCH_D, S_FETCH2, S_FETCH2_D, S_EXEC,
    S_MEM, S_MEM_D, S_UNSTACK, S_UNSTACK_D, S_COMMIT, S_SEMI, S_RETIRE, S_SETTLE, S_BOUNDARY,
    S_EXC_PUSH, S_EXC_PUSH_D, S_EXC_VEC, S_EXC_VEC_D, S_EXC_COMMIT, S_LOCKUP, S_HALT
  } state_t;

  state_t state;

  // architectural state
  logic [31:0] r [0:15];          // r[13] is the stack pointer in use
  logic [31:0] sp_other;          // the other stack pointer
  logic [3:0]  nzcv;
  logic [5:0]  ipsr;
  logic        primask;
  logic        spsel;             // CONTROL.SPSEL
  logic [47:0] active;
  logic        svc_pending;

  // instruction being executed
  logic [31:0] pc, op;
  logic        is32;
  logic        cond_ok;
  logic [31:0] next_pc;
  logic        branched;          // a taken branch: an MTB packet
  logic        fault;             // the instruction faults: HardFault after its retire
  logic        invstate;          // BX/POP to an even address: HardFault at the next step
  logic [31:0] invstate_pc;

  // memory micro-sequence: up to 9 transfers (LDM/STM/PUSH/POP), loaded words buffered until commit
  logic [3:0]  mem_n, mem_i;
  logic [31:0] mem_addr;
  logic        mem_write;
  logic [1:0]  mem_size;
  logic        mem_signed;
  logic [15:0] mem_list;          // registers transferred, ascending (bit 15: PC for POP)
  logic [31:0] mem_wdata;         // single store data
  logic [3:0]  mem_rd;            // single load destination
  logic [31:0] ldbuf [0:8];
  logic        is_pop, is_ldm, is_push, is_stm;
  logic [2:0]  ldm_base;
  logic [31:0] sp_new;

  // commit queue: register writes reported one per cycle on port A (port B carries the special registers)
  logic [4:0]  cq_id [0:11];
  logic [31:0] cq_val [0:11];
  logic [3:0]  cq_n, cq_i;
  logic        cq_b_valid;
  logic [4:0]  cq_b_id;
  logic [31:0] cq_b_val;

  // exception entry / return
  logic [5:0]  exc_n;
  logic [31:0] exc_ret_addr;
  logic [31:0] frame [0:7];
  logic [31:0] frame_addr;
  logic [2:0]  push_i;
  logic        exc_from_thread, exc_on_psp;
  logic        do_exc_return;
  logic [31:0] exc_return_val;
  logic        ret_to_thread, ret_to_psp;
  logic [31:0] unstack_base;
  logic        tail_pend;         // the exception return did not unstack: tail-chain at the boundary
  logic [5:0]  tail_num;          // the exception chosen as the return executed
  logic        exc_tail;          // the entry in progress is tail-chained (no stacking, LR = exc_return_val)

  logic [31:0] xpsr_before;
  logic [1:0]  mtb_pending;        // exception return: two packets to emit

  function automatic logic [31:0] xpsr_of(input logic [3:0] f, input logic [5:0] n);
    return {f, 3'b000, 1'b1, 18'd0, n};
  endfunction

  // ----- priorities ---------------------------------------------------------------------------------
  function automatic int prio_of(input int n);
    case (n)
      1: return -3;
      2: return -2;
      3: return -1;
      11: return int'(pri_svcall);
      14: return int'(pri_pendsv);
      15: return int'(pri_systick);
      default: return (n >= 16 && n < 48) ? int'(irq_prio[2*(n-16) +: 2]) : 4;
    endcase
  endfunction

  int exec_prio;
  always_comb begin
    exec_prio = 4;
    for (int n = 1; n < 48; n++)
      if (active[n] && prio_of(n) < exec_prio) exec_prio = prio_of(n);
    if (primask && exec_prio > 0) exec_prio = 0;
  end

  // the execution priority once the active exception (IPSR) has returned: what a tail-chain must preempt
  int exec_prio_ret;
  always_comb begin
    exec_prio_ret = 4;
    for (int n = 1; n < 48; n++)
      if (active[n] && n != int'(ipsr) && prio_of(n) < exec_prio_ret) exec_prio_ret = prio_of(n);
    if (primask && exec_prio_ret > 0) exec_prio_ret = 0;
  end

  logic [5:0] pend_num;
  int         pend_prio;
  always_comb begin
    pend_num = 6'd0;
    pend_prio = 5;
    for (int n = 2; n < 48; n++) begin
      logic p;
      case (n)
        2: p = nmi_pending;
        11: p = svc_pending;
        14: p = pendsv_pending;
        15: p = systick_pending;
        default: p = (n >= 16) ? irq_pending[n-16] : 1'b0;
      endcase
      if (p && prio_of(n) < pend_prio) begin
        pend_prio = prio_of(n);
        pend_num = 6'(n);
      end
    end
  end

  // ----- ALU helpers ------------------------------------------------------------------------------------
  function automatic logic [35:0] addc(input logic [31:0] a, input logic [31:0] b, input logic cin);
    logic [32:0] s;
    logic v;
    s = {1'b0, a} + {1'b0, b} + {32'd0, cin};
    v = (a[31] == b[31]) && (s[31] != a[31]);
    return {s[31], s[31:0] == 32'd0, s[32], v, s[31:0]};
  endfunction

  function automatic logic cond_pass(input logic [3:0] c, input logic [3:0] f);
    logic n, z, cc, v;
    {n, z, cc, v} = f;
    case (c)
      4'h0: return z;
      4'h1: return !z;
      4'h2: return cc;
      4'h3: return !cc;
      4'h4: return n;
      4'h5: return !n;
      4'h6: return v;
      4'h7: return !v;
      4'h8: return cc && !z;
      4'h9: return !cc || z;
      4'ha: return n == v;
      4'hb: return n != v;
      4'hc: return !z && (n == v);
      4'hd: return z || (n != v);
      default: return 1'b1;
    endcase
  endfunction

  // shift by register: {carry_out, result}; amount 0 keeps the carry
  function automatic logic [32:0] shift_reg(input logic [1:0] t, input logic [31:0] v, input logic [7:0] amt,
                                            input logic cin);
    logic [31:0] res;
    logic co;
    res = v;
    co = cin;
    if (amt != 8'd0) begin
      case (t)
        2'd0: begin // LSL
          if (amt < 8'd32) begin res = v << amt; co = v[32 - amt]; end
          else if (amt == 8'd32) begin res = 32'd0; co = v[0]; end
          else begin res = 32'd0; co = 1'b0; end
        end
        2'd1: begin // LSR
          if (amt < 8'd32) begin res = v >> amt; co = v[amt - 1]; end
          else if (amt == 8'd32) begin res = 32'd0; co = v[31]; end
          else begin res = 32'd0; co = 1'b0; end
        end
        2'd2: begin // ASR
          if (amt < 8'd32) begin res = 32'($signed(v) >>> amt); co = v[amt - 1]; end
          else begin res = {32{v[31]}}; co = v[31]; end
        end
        default: begin // ROR
          res = (v >> amt[4:0]) | (v << (6'd32 - {1'b0, amt[4:0]}));
          co = res[31];
        end
      endcase
    end
    return {co, res};
  endfunction

  // ----- AHB master: one transfer at a time ------------------------------------------------------------
  // Address phase in the states S_*; data phase in the *_D states.
  logic        bus_req;
  logic [31:0] bus_addr;
  logic        bus_write;
  logic [1:0]  bus_size;
  logic        bus_data;           // HPROT[0]: data access (1) or opcode/vector fetch (0)
  logic [31:0] bus_wdata, wdata_q;

  always_comb begin
    bus_req = 1'b0;
    bus_addr = pc;
    bus_write = 1'b0;
    bus_size = 2'd1;
    bus_data = 1'b0;
    bus_wdata = 32'd0;
    case (state)
      S_RESET_SP: begin bus_req = 1'b1; bus_addr = 32'd0; bus_size = 2'd2; end
      S_RESET_PC: begin bus_req = 1'b1; bus_addr = 32'd4; bus_size = 2'd2; end
      S_FETCH:    begin bus_req = 1'b1; bus_addr = pc; end
      S_FETCH2:   begin bus_req = 1'b1; bus_addr = pc + 32'd2; end
      S_MEM: begin
        bus_req = 1'b1;
        bus_addr = mem_addr;
        bus_write = mem_write;
        bus_size = mem_size;
        bus_data = 1'b1;
        bus_wdata = mem_wdata;
      end
      S_UNSTACK: begin bus_req = 1'b1; bus_addr = unstack_base + {26'd0, mem_i, 2'b00}; bus_size = 2'd2; bus_data = 1'b1; end
      S_EXC_PUSH: begin
        bus_req = 1'b1;
        bus_addr = frame_addr + {27'd0, push_i, 2'b00};
        bus_write = 1'b1;
        bus_size = 2'd2;
        bus_data = 1'b1;
        bus_wdata = frame[push_i];
      end
      S_EXC_VEC: begin bus_req = 1'b1; bus_addr = {vtor[31:7], 7'd0} + {24'd0, exc_n, 2'b00}; bus_size = 2'd2; end
      default: ;
    endcase
  end

  assign haddr = bus_addr;
  assign htrans = bus_req ? 2'b10 : 2'b00;
  assign hwrite = bus_write;
  assign hsize = {1'b0, bus_size};
  assign hprot = {3'b001, bus_data};
  assign hwdata = wdata_q;

  // byte lanes of the read data
  function automatic logic [31:0] lane(input logic [31:0] d, input logic [1:0] a, input logic [1:0] sz,
                                       input logic sgn);
    logic [15:0] s;
    s = 16'(d >> {a, 3'b000});
    case (sz)
      2'd0: return sgn ? {{24{s[7]}}, s[7:0]} : {24'd0, s[7:0]};
      2'd1: return sgn ? {{16{s[15]}}, s[15:0]} : {16'd0, s[15:0]};
      default: return d;
    endcase
  endfunction

  // ----- trace port outputs (registered) ----------------------------------------------------------------
  assign ipsr_o = ipsr;
  // the visibility port: what the registers hold now (after a retire or exception entry: as it left them)
  always_comb begin
    logic psp_in_use;
    psp_in_use = (ipsr == 6'd0) && spsel;
    for (int i = 0; i < 13; i++) vis_regs[i] = r[i];
    vis_regs[13] = r[13];
    vis_regs[14] = r[14];
    vis_regs[15] = 32'd0;
    vis_regs[ID_XPSR] = xpsr_of(nzcv, ipsr);
    vis_regs[ID_MSP] = psp_in_use ? sp_other : r[13];
    vis_regs[ID_PSP] = psp_in_use ? r[13] : sp_other;
    vis_regs[ID_PRIMASK] = {31'd0, primask};
    vis_regs[ID_CONTROL] = {30'd0, spsel, 1'b0};
  end

  assign semihost_op = r[0];
  assign semihost_arg = r[1];
  assign semihost_req = (state == S_SEMI);
  assign halted = (state == S_HALT) || (state == S_SEMI);
  assign lockup = (state == S_LOCKUP);

  // bits that are not used by design (named "unused" for Verilator's lint)
  logic unused;
  assign unused = ^{vtor[6:0]};

  // ----- the machine ------------------------------------------------------------------------------------
  logic [15:0] hw1, hw2;
  assign hw1 = op[31:16];
  assign hw2 = op[15:0];

  task automatic queue(input logic [4:0] id, input logic [31:0] v);
    cq_id[cq_n] <= id;
    cq_val[cq_n] <= v;
    cq_n <= cq_n + 4'd1;
  endtask

  // the stack pointer id for the bank in use
  function automatic logic [4:0] sp_id(input logic [5:0] n, input logic sel);
    return (n == 6'd0 && sel) ? 5'(ID_PSP) : 5'(ID_MSP);
  endfunction

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      state <= S_RESET_SP;
      for (int i = 0; i < 16; i++) r[i] <= 32'd0;
      r[14] <= LrReset;
      sp_other <= 32'd0;
      nzcv <= 4'd0;
      ipsr <= 6'd0;
      primask <= 1'b0;
      spsel <= 1'b0;
      active <= 48'd0;
      svc_pending <= 1'b0;
      pc <= 32'd0;
      op <= 32'd0;
      is32 <= 1'b0;
      retire_valid <= 1'b0;
      rf_we_a <= 1'b0;
      rf_we_b <= 1'b0;
      exc_valid <= 1'b0;
      mtb_ev_valid <= 1'b0;
      clr_valid <= 1'b0;
      cq_n <= 4'd0;
      cq_i <= 4'd0;
      cq_b_valid <= 1'b0;
      invstate <= 1'b0;
      mtb_pending <= 2'd0;
      wdata_q <= 32'd0;
      tail_pend <= 1'b0;
      exc_tail <= 1'b0;
    end else begin
      retire_valid <= 1'b0;
      rf_we_a <= 1'b0;
      rf_we_b <= 1'b0;
      exc_valid <= 1'b0;
      mtb_ev_valid <= 1'b0;
      clr_valid <= 1'b0;
      if (bus_req && hready) wdata_q <= bus_wdata;  // AHB: write data follows the address phase
      case (state)
        S_RESET_SP: if (hready) state <= S_RESET_SP_D;
        S_RESET_SP_D: if (hready) begin
          r[13] <= {hrdata[31:2], 2'b00};
          state <= S_RESET_PC;
        end
        S_RESET_PC: if (hready) state <= S_RESET_PC_D;
        S_RESET_PC_D: if (hready) begin
          pc <= {hrdata[31:1], 1'b0};
          invstate <= !hrdata[0];
          invstate_pc <= {hrdata[31:1], 1'b0};
          rf_we_a <= 1'b1;
          rf_id_a <= 5'(ID_MSP);
          rf_data_a <= r[13];
          state <= S_RESET_DONE;
        end
        S_RESET_DONE: state <= S_BOUNDARY;

        S_FETCH: if (hready) state <= S_FETCH_D;
        S_FETCH_D: if (hready) begin
          if (hresp) begin
            hard_fault(pc);
          end else begin
            logic [15:0] h;
            h = pc[1] ? hrdata[31:16] : hrdata[15:0];
            if (h[15:11] >= 5'b11101) begin
              op <= {h, 16'd0};
              is32 <= 1'b1;
              state <= S_FETCH2;
            end else begin
              op <= {16'd0, h};
              is32 <= 1'b0;
              state <= S_EXEC;
            end
          end
        end
        S_FETCH2: if (hready) state <= S_FETCH2_D;
        S_FETCH2_D: if (hready) begin
          if (hresp) begin
            hard_fault(pc);
          end else begin
            op[15:0] <= pc[1] ? hrdata[15:0] : hrdata[31:16];
            state <= S_EXEC;
          end
        end

        S_EXEC: execute();

        S_MEM: if (hready) state <= S_MEM_D;
        S_MEM_D: if (hready) begin
          if (hresp) begin
            fault <= 1'b1;
            cq_n <= 4'd0;        // a faulting instruction writes no register
            state <= S_RETIRE;
          end else begin
            if (!mem_write) ldbuf[mem_i] <= lane(hrdata, mem_addr[1:0], mem_size, mem_signed);
            if (mem_i + 4'd1 < mem_n) begin
              mem_i <= mem_i + 4'd1;
              mem_addr <= mem_addr + 32'd4;
              mem_wdata <= next_store_word(mem_i + 4'd1);
              state <= S_MEM;
            end else begin
              state <= S_COMMIT;
              finish_memory(mem_write ? 32'd0 : lane(hrdata, mem_addr[1:0], mem_size, mem_signed));
            end
          end
        end

        S_UNSTACK: if (hready) state <= S_UNSTACK_D;
        S_UNSTACK_D: if (hready) begin
          frame[mem_i[2:0]] <= hrdata;
          if (mem_i != 4'd7) begin
            mem_i <= mem_i + 4'd1;
            state <= S_UNSTACK;
          end else begin
            finish_unstack(hrdata);
          end
        end

        S_COMMIT: begin
          commit_one();
          if (cq_i + 4'd1 >= cq_n) state <= S_RETIRE;
        end

        S_SEMI: if (semihost_ack) begin
          if (semihost_wr_r0) begin
            r[0] <= semihost_r0;
            queue(5'd0, semihost_r0);
          end
          state <= S_COMMIT;
        end

        S_RETIRE: begin
          retire_valid <= 1'b1;
          retire_pc <= pc;
          retire_opcode <= is32 ? op : {16'd0, op[15:0]};
          retire_is32 <= is32;
          retire_cond <= cond_ok;
          cq_n <= 4'd0;
          cq_i <= 4'd0;
          if (!fault) begin
            pc <= next_pc;
            if (branched) begin
              mtb_ev_valid <= 1'b1;
              mtb_ev_src <= pc;
              mtb_ev_dst <= next_pc;
              mtb_ev_a <= 1'b0;
            end
            if (do_exc_return) begin
              mtb_ev_valid <= 1'b1;
              mtb_ev_src <= pc;
              mtb_ev_dst <= exc_return_val;
              mtb_ev_a <= 1'b0;
              mtb_pending <= tail_pend ? 2'd0 : 2'd1;  // a tail-chain's entry writes the second packet
            end
          end
          state <= S_SETTLE;
        end

        // one cycle for the retire to reach the SCS (SysTick counts it) before pending exceptions are looked at
        S_SETTLE: state <= S_BOUNDARY;

        S_BOUNDARY: begin
          // the second packet of an exception return
          if (mtb_pending != 2'd0) begin
            mtb_ev_valid <= 1'b1;
            mtb_ev_src <= exc_return_val | 32'd1;
            mtb_ev_dst <= pc;
            mtb_ev_a <= 1'b1;
            mtb_pending <= 2'd0;
          end else if (fault) begin
            fault <= 1'b0;
            hard_fault(pc);
          end else if (invstate) begin
            invstate <= 1'b0;
            hard_fault(invstate_pc);
          end else if (tail_pend) begin
            // late arrival: the highest pending now (the return's own SysTick count may have pended SysTick)
            tail_pend <= 1'b0;
            exc_n <= LateArrival ? pend_num : tail_num;
            exc_ret_addr <= exc_return_val;
            exc_tail <= 1'b1;
            state <= S_EXC_VEC;
          end else if (svc_pending && !(prio_of(11) < exec_prio)) begin
            svc_pending <= 1'b0;             // SVC that cannot be taken: HardFault
            hard_fault(pc);
          end else if (pend_num != 6'd0 && pend_prio < exec_prio) begin
            begin_exception(pend_num, pc);
            state <= S_EXC_PUSH;
          end else begin
            state <= S_FETCH;
          end
        end

        S_EXC_PUSH: if (hready) state <= S_EXC_PUSH_D;
        S_EXC_PUSH_D: if (hready) begin
          if (hresp) state <= S_LOCKUP;
          else if (push_i == 3'd0) state <= S_EXC_VEC;
          else begin
            push_i <= push_i - 3'd1;
            state <= S_EXC_PUSH;
          end
        end
        S_EXC_VEC: if (hready) state <= S_EXC_VEC_D;
        S_EXC_VEC_D: if (hready) begin
          if (hresp) begin
            // late arrival: a HardFault that preempts the context being left is taken instead, with the frame
            // already stacked; exc_n stays pending
            if (LateArrival && exc_n != 6'd3 && exec_prio >= 0) begin
              exc_n <= 6'd3;
              state <= S_EXC_VEC;
            end else begin
              state <= S_LOCKUP;
            end
          end else if (exc_tail) begin
            // tail-chained: the frame stays stacked, the stack pointers and SPSEL (clear in handler mode) stay
            enter_handler(exc_return_val);
            cq_n <= 4'd1;
            exc_tail <= 1'b0;
          end else begin
            logic [31:0] lr;
            lr = !exc_from_thread ? 32'hffff_fff1 : (exc_on_psp ? 32'hffff_fffd : 32'hffff_fff9);
            // the frame went to the stack in use; the handler runs on MSP
            if (exc_on_psp) begin
              sp_other <= frame_addr;
              r[13] <= sp_other;
            end else begin
              r[13] <= frame_addr;
            end
            spsel <= 1'b0;
            enter_handler(lr);
            cq_id[1] <= exc_on_psp ? 5'(ID_PSP) : 5'(ID_MSP);
            cq_val[1] <= frame_addr;
            cq_n <= 4'd2;
          end
        end
        S_EXC_COMMIT: begin
          commit_one();
          if (cq_i + 4'd1 >= cq_n) begin
            exc_valid <= 1'b1;
            exc_num <= exc_n;
            exc_ret <= exc_ret_addr;
            mtb_ev_valid <= 1'b1;
            mtb_ev_src <= exc_ret_addr | 32'd1;
            mtb_ev_dst <= pc;
            mtb_ev_a <= 1'b1;
            cq_n <= 4'd0;
            cq_i <= 4'd0;
            state <= S_BOUNDARY;
          end
        end
        S_LOCKUP: ;
        S_HALT: ;
        default: state <= S_LOCKUP;
      endcase
    end
  end

  // One cycle of the commit queue: the next register write on port A, the special register on port B.
  // The vector is read (hrdata): exception exc_n becomes active and its handler runs with LR = lr; the LR
  // write (queue entry 0) and the xPSR write are committed next (S_EXC_COMMIT). Shared by the stacked entry and
  // the tail-chained one.
  task automatic enter_handler(input logic [31:0] lr);
    r[14] <= lr;
    ipsr <= exc_n;
    active[exc_n] <= 1'b1;
    if (exc_n == 6'd11) svc_pending <= 1'b0;
    clr_valid <= 1'b1;
    clr_num <= exc_n;
    pc <= {hrdata[31:1], 1'b0};
    cq_id[0] <= 5'(ID_LR);
    cq_val[0] <= lr;
    cq_i <= 4'd0;
    cq_b_valid <= 1'b1;
    cq_b_id <= 5'(ID_XPSR);
    cq_b_val <= xpsr_of(nzcv, exc_n);
    state <= S_EXC_COMMIT;
  endtask

  task automatic commit_one();
    if (cq_i < cq_n) begin
      rf_we_a <= 1'b1;
      rf_id_a <= cq_id[cq_i];
      rf_data_a <= cq_val[cq_i];
      cq_i <= cq_i + 4'd1;
    end
    if (cq_b_valid) begin
      rf_we_b <= 1'b1;
      rf_id_b <= cq_b_id;
      rf_data_b <= cq_b_val;
      cq_b_valid <= 1'b0;
    end
  endtask

  // HardFault with return address ret, or lockup when already in HardFault or NMI.
  task automatic hard_fault(input logic [31:0] ret);
    begin_exception(6'd3, ret);
    state <= fault_or_lockup(exec_prio);
  endtask

  // A fault while in HardFault or NMI locks up.
  function automatic state_t fault_or_lockup(input int ep);
    return ep < 0 ? S_LOCKUP : S_EXC_PUSH;
  endfunction

  // Prepare the 8-word frame of exception n with return address ret (stacked highest address first).
  task automatic begin_exception(input logic [5:0] n, input logic [31:0] ret);
    logic [31:0] sp, fa;
    logic align;
    sp = r[13];
    align = sp[2];
    fa = (sp - 32'd32) & ~32'd7;
    exc_n <= n;
    exc_ret_addr <= ret;
    exc_from_thread <= (ipsr == 6'd0);
    exc_on_psp <= (ipsr == 6'd0) && spsel;
    frame_addr <= fa;
    frame[0] <= r[0];
    frame[1] <= r[1];
    frame[2] <= r[2];
    frame[3] <= r[3];
    frame[4] <= r[12];
    frame[5] <= r[14];
    frame[6] <= ret;
    frame[7] <= xpsr_of(nzcv, ipsr) | (align ? 32'h200 : 32'h0);
    push_i <= 3'd7;
  endtask

  // The store data of transfer i of a multiple store: the i-th register of the list.
  function automatic logic [31:0] next_store_word(input logic [3:0] i);
    int k;
    k = 0;
    for (int b = 0; b < 16; b++) begin
      if (mem_list[b]) begin
        if (k == int'(i)) return r[b];
        k++;
      end
    end
    return mem_wdata;
  endfunction

  // After the last transfer: queue the register writes (values as loaded) and the base/SP update.
  task automatic finish_memory(input logic [31:0] last);
    int k;
    logic [31:0] v;
    logic [31:0] newpc;
    k = 0;
    cq_i <= 4'd0;
    if (mem_write && !is_push && !is_stm) begin
      cq_n <= 4'd0;
      state <= S_RETIRE;
      return;
    end
    if (!is_pop && !is_ldm && !is_push && !is_stm) begin
      r[mem_rd] <= last;
      cq_id[0] <= {1'b0, mem_rd};
      cq_val[0] <= last;
      cq_n <= 4'd1;
      return;
    end
    // multiple transfers
    for (int b = 0; b < 8; b++) begin
      if (mem_list[b] && (is_pop || is_ldm)) begin
        v = (k == int'(mem_n) - 1) ? last : ldbuf[k];
        r[b] <= v;
        cq_id[k] <= 5'(b);
        cq_val[k] <= v;
      end
      if (mem_list[b]) k++;
    end
    if (is_pop || is_push) begin
      r[13] <= sp_new;
      cq_id[(is_pop || is_ldm) ? k : 0] <= sp_id(ipsr, spsel);
      cq_val[(is_pop || is_ldm) ? k : 0] <= sp_new;
      cq_n <= (is_pop || is_ldm) ? 4'(k + 1) : 4'd1;
    end else if (is_stm || (is_ldm && !mem_list[{1'b0, ldm_base}])) begin
      r[{1'b0, ldm_base}] <= mem_addr + 32'd4;
      cq_id[is_ldm ? k : 0] <= {2'b00, ldm_base};
      cq_val[is_ldm ? k : 0] <= mem_addr + 32'd4;
      cq_n <= is_ldm ? 4'(k + 1) : 4'd1;
    end else begin
      cq_n <= 4'(k);
    end
    if (is_pop && mem_list[15]) begin
      newpc = last;
      write_pc_bx(newpc, 1'b1);
    end
  endtask

  // BX / POP {pc}: exception return in handler mode, or an interworking branch. from_pop: called for a POP
  // (its frame starts at the SP after the POP); not is_pop, which still holds the previous instruction's value
  // when a BX executes (a BX right after a nested handler's POP {pc} returned to it).
  task automatic write_pc_bx(input logic [31:0] t, input logic from_pop);
    if (ipsr != 6'd0 && t[31:28] == 4'hf) begin
      if (t != 32'hffff_fff1 && t != 32'hffff_fff9 && t != 32'hffff_fffd) begin
        fault <= 1'b1;
        cq_n <= 4'd0;
        state <= S_RETIRE;
      end else if (TailChain && pend_num != 6'd0 && pend_prio < exec_prio_ret) begin
        // tail-chain, decided as the return executes (before its SysTick count): no unstacking; the POP's own
        // writes are committed, the active exception ends
        do_exc_return <= 1'b1;
        exc_return_val <= t;
        active[ipsr] <= 1'b0;
        tail_pend <= 1'b1;
        tail_num <= pend_num;
      end else begin
        do_exc_return <= 1'b1;
        exc_return_val <= t;
        ret_to_thread <= t != 32'hffff_fff1;
        ret_to_psp <= t == 32'hffff_fffd;
        unstack_base <= (t == 32'hffff_fffd) ? sp_other : (from_pop ? sp_new : r[13]);
        mem_i <= 4'd0;
        state <= S_UNSTACK;
      end
    end else begin
      write_pc_blx(t);
    end
  endtask

  // BLX (BLXWritePC), and BX/POP {pc} outside an exception return: an interworking branch; bit 0 clear is an
  // INVSTATE fault at the next step. BLX never returns from an exception.
  task automatic write_pc_blx(input logic [31:0] t);
    next_pc <= {t[31:1], 1'b0};
    branched <= 1'b1;
    if (!t[0]) begin
      invstate <= 1'b1;
      invstate_pc <= {t[31:1], 1'b0};
    end
  endtask

  // The frame is read: restore the registers, leave the exception.
  /* verilator lint_off UNUSEDSIGNAL */  // the reserved xPSR bits of the frame are ignored
  task automatic finish_unstack(input logic [31:0] xpsr_word);
    logic [31:0] base, new_sp;
    int k;
    base = unstack_base;
    new_sp = base + 32'd32 + (xpsr_word[9] ? 32'd4 : 32'd0);
    active[ipsr] <= 1'b0;
    ipsr <= ret_to_thread ? 6'd0 : xpsr_word[5:0];
    nzcv <= xpsr_word[31:28];
    r[0] <= frame[0];
    r[1] <= frame[1];
    r[2] <= frame[2];
    r[3] <= frame[3];
    r[12] <= frame[4];
    r[14] <= frame[5];
    next_pc <= {frame[6][31:1], 1'b0};
    if (ret_to_psp) begin
      spsel <= 1'b1;
      sp_other <= is_pop ? sp_new : r[13];
      r[13] <= new_sp;
    end else begin
      r[13] <= new_sp;
    end
    // the POP's own loaded registers are already queued (cq_n of them); append the restored ones
    k = int'(cq_n);
    if (is_pop && !ret_to_psp) k = k - 1;  // the unstacked MSP supersedes the POP's own SP write
    cq_id[k] <= 5'd0;  cq_val[k] <= frame[0];
    cq_id[k+1] <= 5'd1; cq_val[k+1] <= frame[1];
    cq_id[k+2] <= 5'd2; cq_val[k+2] <= frame[2];
    cq_id[k+3] <= 5'd3; cq_val[k+3] <= frame[3];
    cq_id[k+4] <= 5'd12; cq_val[k+4] <= frame[4];
    cq_id[k+5] <= 5'd14; cq_val[k+5] <= frame[5];
    cq_id[k+6] <= ret_to_psp ? 5'(ID_PSP) : 5'(ID_MSP); cq_val[k+6] <= new_sp;
    cq_n <= 4'(k + 7);
    cq_i <= 4'd0;
    if (xpsr_of(xpsr_word[31:28], ret_to_thread ? 6'd0 : xpsr_word[5:0]) != xpsr_before) begin
      cq_b_valid <= 1'b1;
      cq_b_id <= 5'(ID_XPSR);
      cq_b_val <= xpsr_of(xpsr_word[31:28], ret_to_thread ? 6'd0 : xpsr_word[5:0]);
    end
    state <= S_COMMIT;
    /* verilator lint_on UNUSEDSIGNAL */
  endtask

  // ----- execute one instruction --------------------------------------------------------------------------
  task automatic execute();
    logic [15:0] h;
    logic [2:0] rd, rn, rm;
    logic [31:0] a, b, res;
    logic [35:0] s;
    logic [3:0] f;
    logic [32:0] sh;
    h = op[15:0];
    rd = h[2:0];
    rn = h[5:3];
    rm = h[8:6];
    f = nzcv;
    res = 32'd0;
    cond_ok <= 1'b1;
    fault <= 1'b0;
    branched <= 1'b0;
    do_exc_return <= 1'b0;
    next_pc <= pc + (is32 ? 32'd4 : 32'd2);
    is_pop <= 1'b0;
    is_push <= 1'b0;
    is_ldm <= 1'b0;
    is_stm <= 1'b0;
    mem_i <= 4'd0;
    cq_n <= 4'd0;
    cq_i <= 4'd0;
    cq_b_valid <= 1'b0;
    xpsr_before <= xpsr_of(nzcv, ipsr);
    state <= S_COMMIT;
    if (is32) begin
      exec32();
      return;
    end
    case (h[15:11])
      5'b00000, 5'b00001, 5'b00010: begin // shift by immediate
        logic [4:0] imm;
        imm = h[10:6];
        a = r[{1'b0, rn}];
        case (h[12:11])
          2'd0: begin
            res = a << imm;
            if (imm != 0) f[1] = a[32 - imm];
          end
          2'd1: begin
            res = (imm == 0) ? 32'd0 : a >> imm;
            f[1] = (imm == 0) ? a[31] : a[imm - 1];
          end
          default: begin
            res = (imm == 0) ? {32{a[31]}} : 32'($signed(a) >>> imm);
            f[1] = (imm == 0) ? a[31] : a[imm - 1];
          end
        endcase
        f[3] = res[31];
        f[2] = res == 0;
        write_rd(rd, res, f);
      end
      5'b00011: begin // ADDS/SUBS register or 3-bit immediate
        b = h[10] ? {29'd0, rm} : r[{1'b0, rm}];
        s = h[9] ? addc(r[{1'b0, rn}], ~b, 1'b1) : addc(r[{1'b0, rn}], b, 1'b0);
        write_rd(rd, s[31:0], s[35:32]);
      end
      5'b00100: begin
        res = {24'd0, h[7:0]};
        f[3] = 1'b0;
        f[2] = res == 0;
        write_rd(h[10:8], res, f);
      end
      5'b00101: begin
        s = addc(r[{1'b0, h[10:8]}], ~{24'd0, h[7:0]}, 1'b1);
        set_flags(s[35:32]);
      end
      5'b00110: begin s = addc(r[{1'b0, h[10:8]}], {24'd0, h[7:0]}, 1'b0); write_rd(h[10:8], s[31:0], s[35:32]); end
      5'b00111: begin s = addc(r[{1'b0, h[10:8]}], ~{24'd0, h[7:0]}, 1'b1); write_rd(h[10:8], s[31:0], s[35:32]); end
      5'b01000: begin
        if (!h[10]) begin // data processing
          a = r[{1'b0, rd}];
          b = r[{1'b0, rn}];
          case (h[9:6])
            4'h0: begin res = a & b; write_rd(rd, res, nz(f[1:0], res)); end
            4'h1: begin res = a ^ b; write_rd(rd, res, nz(f[1:0], res)); end
            4'h2, 4'h3, 4'h4, 4'h7: begin
              logic [1:0] t;
              t = (h[9:6] == 4'h2) ? 2'd0 : (h[9:6] == 4'h3) ? 2'd1 : (h[9:6] == 4'h4) ? 2'd2 : 2'd3;
              sh = shift_reg(t, a, b[7:0], f[1]);
              f[1] = sh[32];
              write_rd(rd, sh[31:0], nz(f[1:0], sh[31:0]));
            end
            4'h5: begin s = addc(a, b, f[1]); write_rd(rd, s[31:0], s[35:32]); end
            4'h6: begin s = addc(a, ~b, f[1]); write_rd(rd, s[31:0], s[35:32]); end
            4'h8: set_flags(nz(f[1:0], a & b));
            4'h9: begin s = addc(~b, 32'd0, 1'b1); write_rd(rd, s[31:0], s[35:32]); end
            4'ha: begin s = addc(a, ~b, 1'b1); set_flags(s[35:32]); end
            4'hb: begin s = addc(a, b, 1'b0); set_flags(s[35:32]); end
            4'hc: begin res = a | b; write_rd(rd, res, nz(f[1:0], res)); end
            4'hd: begin res = a * b; write_rd(rd, res, nz(f[1:0], res)); end
            4'he: begin res = a & ~b; write_rd(rd, res, nz(f[1:0], res)); end
            default: begin res = ~b; write_rd(rd, res, nz(f[1:0], res)); end
          endcase
        end else begin // special data: ADD, CMP, MOV with high registers; BX, BLX
          logic [3:0] dn, m;
          logic [31:0] mv, dv;
          dn = {h[7], h[2:0]};
          m = h[6:3];
          mv = (m == 4'd15) ? pc + 32'd4 : r[m];
          dv = (dn == 4'd15) ? pc + 32'd4 : r[dn];
          case (h[9:8])
            2'd0: if (dn == 4'd15) begin next_pc <= (dv + mv) & ~32'd1; branched <= 1'b1; end
                  else write_plain(dn, dv + mv);
            2'd1: begin s = addc(dv, ~mv, 1'b1); set_flags(s[35:32]); end
            2'd2: if (dn == 4'd15) begin next_pc <= {mv[31:1], 1'b0}; branched <= 1'b1; end
                  else write_plain(dn, mv);
            default: begin
              if (h[2:0] != 3'd0 || (h[7] && m == 4'd15)) undefined();
              else begin
                if (h[7]) begin
                  r[14] <= pc + 32'd3;
                  queue(5'(ID_LR), pc + 32'd3);
                  write_pc_blx(mv);
                end else begin
                  write_pc_bx(mv, 1'b0);
                end
              end
            end
          endcase
        end
      end
      5'b01001: start_single({pc[31:2] + 30'd1, 2'b00} + {22'd0, h[7:0], 2'b00}, 1'b0, 2'd2, 1'b0, {1'b0, h[10:8]}, 32'd0);
      5'b01010, 5'b01011: begin
        logic [31:0] ad;
        ad = r[{1'b0, rn}] + r[{1'b0, rm}];
        case (h[11:9])
          3'd0: start_single(ad, 1'b1, 2'd2, 1'b0, 4'd0, r[{1'b0, rd}]);
          3'd1: start_single(ad, 1'b1, 2'd1, 1'b0, 4'd0, r[{1'b0, rd}]);
          3'd2: start_single(ad, 1'b1, 2'd0, 1'b0, 4'd0, r[{1'b0, rd}]);
          3'd3: start_single(ad, 1'b0, 2'd0, 1'b1, {1'b0, rd}, 32'd0);
          3'd4: start_single(ad, 1'b0, 2'd2, 1'b0, {1'b0, rd}, 32'd0);
          3'd5: start_single(ad, 1'b0, 2'd1, 1'b0, {1'b0, rd}, 32'd0);
          3'd6: start_single(ad, 1'b0, 2'd0, 1'b0, {1'b0, rd}, 32'd0);
          default: start_single(ad, 1'b0, 2'd1, 1'b1, {1'b0, rd}, 32'd0);
        endcase
      end
      5'b01100: start_single(r[{1'b0, rn}] + {25'd0, h[10:6], 2'b00}, 1'b1, 2'd2, 1'b0, 4'd0, r[{1'b0, rd}]);
      5'b01101: start_single(r[{1'b0, rn}] + {25'd0, h[10:6], 2'b00}, 1'b0, 2'd2, 1'b0, {1'b0, rd}, 32'd0);
      5'b01110: start_single(r[{1'b0, rn}] + {27'd0, h[10:6]}, 1'b1, 2'd0, 1'b0, 4'd0, r[{1'b0, rd}]);
      5'b01111: start_single(r[{1'b0, rn}] + {27'd0, h[10:6]}, 1'b0, 2'd0, 1'b0, {1'b0, rd}, 32'd0);
      5'b10000: start_single(r[{1'b0, rn}] + {26'd0, h[10:6], 1'b0}, 1'b1, 2'd1, 1'b0, 4'd0, r[{1'b0, rd}]);
      5'b10001: start_single(r[{1'b0, rn}] + {26'd0, h[10:6], 1'b0}, 1'b0, 2'd1, 1'b0, {1'b0, rd}, 32'd0);
      5'b10010: start_single(r[13] + {22'd0, h[7:0], 2'b00}, 1'b1, 2'd2, 1'b0, 4'd0, r[{1'b0, h[10:8]}]);
      5'b10011: start_single(r[13] + {22'd0, h[7:0], 2'b00}, 1'b0, 2'd2, 1'b0, {1'b0, h[10:8]}, 32'd0);
      5'b10100: write_plain({1'b0, h[10:8]}, {pc[31:2] + 30'd1, 2'b00} + {22'd0, h[7:0], 2'b00});
      5'b10101: write_plain({1'b0, h[10:8]}, r[13] + {22'd0, h[7:0], 2'b00});
      5'b10110, 5'b10111: begin // miscellaneous
        case (h[11:8])
          4'h0: write_sp(h[7] ? r[13] - {23'd0, h[6:0], 2'b00} : r[13] + {23'd0, h[6:0], 2'b00});
          4'h2: case (h[7:6])
                  2'd0: write_plain({1'b0, rd}, {{16{r[{1'b0, rn}][15]}}, r[{1'b0, rn}][15:0]});
                  2'd1: write_plain({1'b0, rd}, {{24{r[{1'b0, rn}][7]}}, r[{1'b0, rn}][7:0]});
                  2'd2: write_plain({1'b0, rd}, {16'd0, r[{1'b0, rn}][15:0]});
                  default: write_plain({1'b0, rd}, {24'd0, r[{1'b0, rn}][7:0]});
                endcase
          4'h4, 4'h5: begin // PUSH
            logic [15:0] list;
            logic [31:0] base;
            list = {1'b0, h[8], 6'd0, h[7:0]};
            base = r[13] - {26'd0, 4'(($countones(list))), 2'b00};
            if (list == 0) undefined();
            else begin
              is_push <= 1'b1;
              sp_new <= base;
              start_multi(base, 1'b1, list);
            end
          end
          4'h6: if (h[7:5] == 3'b011 && h[3:0] == 4'b0010) begin
                  primask <= h[4];
                  if (primask != h[4]) begin
                    cq_b_valid <= 1'b1;
                    cq_b_id <= 5'(ID_PRIMASK);
                    cq_b_val <= {31'd0, h[4]};
                  end
                end else undefined();
          4'ha: case (h[7:6])
                  2'd0: write_plain({1'b0, rd}, {r[{1'b0, rn}][7:0], r[{1'b0, rn}][15:8], r[{1'b0, rn}][23:16], r[{1'b0, rn}][31:24]});
                  2'd1: write_plain({1'b0, rd}, {r[{1'b0, rn}][23:16], r[{1'b0, rn}][31:24], r[{1'b0, rn}][7:0], r[{1'b0, rn}][15:8]});
                  2'd3: write_plain({1'b0, rd}, {{16{r[{1'b0, rn}][7]}}, r[{1'b0, rn}][7:0], r[{1'b0, rn}][15:8]});
                  default: undefined();
                endcase
          4'hc, 4'hd: begin // POP
            logic [15:0] list;
            list = {h[8], 7'd0, h[7:0]};
            if (list == 0) undefined();
            else begin
              is_pop <= 1'b1;
              sp_new <= r[13] + {26'd0, 4'($countones(list)), 2'b00};
              start_multi(r[13], 1'b0, list);
            end
          end
          4'he: if (h[7:0] == 8'hab) state <= S_SEMI; else undefined();
          4'hf: if (h[3:0] != 4'd0 || h[7:4] > 4'd4) undefined();
          default: undefined();
        endcase
      end
      5'b11000, 5'b11001: begin // STM / LDM
        logic [15:0] list;
        list = {8'd0, h[7:0]};
        ldm_base <= h[10:8];
        if (list == 0) undefined();
        else begin
          is_ldm <= h[11];
          is_stm <= !h[11];
          start_multi(r[{1'b0, h[10:8]}], !h[11], list);
        end
      end
      5'b11010, 5'b11011: begin // B<cond>, UDF, SVC
        if (h[11:8] == 4'he) undefined();
        else if (h[11:8] == 4'hf) svc_pending <= 1'b1;
        else if (!cond_pass(h[11:8], nzcv)) cond_ok <= 1'b0;
        else begin
          next_pc <= pc + 32'd4 + {{23{h[7]}}, h[7:0], 1'b0};
          branched <= 1'b1;
        end
      end
      5'b11100: begin
        next_pc <= pc + 32'd4 + {{20{h[10]}}, h[10:0], 1'b0};
        branched <= 1'b1;
      end
      default: undefined();
    endcase
  endtask

  task automatic exec32();
    if (hw2[15:14] == 2'b11 && hw2[12] && hw1[15:11] == 5'b11110) begin // BL
      logic s, i1, i2;
      logic [31:0] off;
      s = hw1[10];
      i1 = !(hw2[13] ^ s);
      i2 = !(hw2[11] ^ s);
      off = {{8{s}}, i1, i2, hw1[9:0], hw2[10:0], 1'b0};
      r[14] <= pc + 32'd5;
      queue(5'(ID_LR), pc + 32'd5);
      next_pc <= pc + 32'd4 + off;
      branched <= 1'b1;
    end else if (hw1[15:4] == 12'hf38 && hw2[15:8] == 8'h88 && hw1[3:0] < 4'd13) begin // MSR
      msr(hw2[7:0], r[hw1[3:0]]);
    end else if (hw1 == 16'hf3ef && hw2[15:12] == 4'h8 && hw2[11:8] < 4'd13) begin // MRS
      write_plain(hw2[11:8], mrs(hw2[7:0]));
    end else if (hw1 == 16'hf3bf && hw2[15:8] == 8'h8f && (hw2[7:4] == 4'h4 || hw2[7:4] == 4'h5 || hw2[7:4] == 4'h6)) begin
      // DSB, DMB, ISB
    end else begin
      undefined();
    end
  endtask

  function automatic logic [31:0] mrs(input logic [7:0] sysm);
    case (sysm)
      8'd0, 8'd2: return {nzcv, 28'd0};
      8'd1, 8'd3: return {nzcv, 22'd0, ipsr};
      8'd5, 8'd7: return {26'd0, ipsr};
      8'd8: return (ipsr == 0 && spsel) ? sp_other : r[13];
      8'd9: return (ipsr == 0 && spsel) ? r[13] : sp_other;
      8'd16: return {31'd0, primask};
      8'd20: return {30'd0, spsel, 1'b0};
      default: return 32'd0;
    endcase
  endfunction

  task automatic msr(input logic [7:0] sysm, input logic [31:0] v);
    logic psp_in_use;
    psp_in_use = (ipsr == 0) && spsel;
    case (sysm)
      8'd0, 8'd1, 8'd2, 8'd3: begin
        nzcv <= v[31:28];
        if (xpsr_of(v[31:28], ipsr) != xpsr_of(nzcv, ipsr)) begin
          cq_b_valid <= 1'b1;
          cq_b_id <= 5'(ID_XPSR);
          cq_b_val <= xpsr_of(v[31:28], ipsr);
        end
      end
      8'd8: begin
        if (psp_in_use) sp_other <= {v[31:2], 2'b00}; else r[13] <= {v[31:2], 2'b00};
        queue(5'(ID_MSP), {v[31:2], 2'b00});
      end
      8'd9: begin
        if (psp_in_use) r[13] <= {v[31:2], 2'b00}; else sp_other <= {v[31:2], 2'b00};
        queue(5'(ID_PSP), {v[31:2], 2'b00});
      end
      8'd16: begin
        primask <= v[0];
        if (primask != v[0]) begin
          cq_b_valid <= 1'b1;
          cq_b_id <= 5'(ID_PRIMASK);
          cq_b_val <= {31'd0, v[0]};
        end
      end
      8'd20: if (ipsr == 0 && v[1] != spsel) begin
        spsel <= v[1];
        r[13] <= sp_other;
        sp_other <= r[13];
        cq_b_valid <= 1'b1;
        cq_b_id <= 5'(ID_CONTROL);
        cq_b_val <= {30'd0, v[1], 1'b0};
      end
      default: ;
    endcase
  endtask

  function automatic logic [3:0] nz(input logic [1:0] cv, input logic [31:0] v);
    return {v[31], v == 32'd0, cv};
  endfunction

  task automatic set_flags(input logic [3:0] f);
    nzcv <= f;
    if (f != nzcv) begin
      cq_b_valid <= 1'b1;
      cq_b_id <= 5'(ID_XPSR);
      cq_b_val <= xpsr_of(f, ipsr);
    end
  endtask

  task automatic write_rd(input logic [2:0] d, input logic [31:0] v, input logic [3:0] f);
    r[{1'b0, d}] <= v;
    queue({2'b00, d}, v);
    set_flags(f);
  endtask

  task automatic write_plain(input logic [3:0] d, input logic [31:0] v);
    if (d == 4'd13) write_sp(v);
    else begin
      r[d] <= v;
      queue({1'b0, d}, v);
    end
  endtask

  task automatic write_sp(input logic [31:0] v);
    r[13] <= v & ~32'd3;
    queue(sp_id(ipsr, spsel), v & ~32'd3);
  endtask

  task automatic undefined();
    fault <= 1'b1;
    state <= S_RETIRE;
  endtask

  task automatic start_single(input logic [31:0] ad, input logic w, input logic [1:0] sz, input logic sgn,
                              input logic [3:0] d, input logic [31:0] wd);
    if ((sz == 2'd2 && ad[1:0] != 2'd0) || (sz == 2'd1 && ad[0])) begin
      undefined(); // unaligned: faults before any bus access
    end else begin
      mem_addr <= ad;
      mem_write <= w;
      mem_size <= sz;
      mem_signed <= sgn;
      mem_rd <= d;
      mem_wdata <= w ? (sz == 2'd0 ? {4{wd[7:0]}} : sz == 2'd1 ? {2{wd[15:0]}} : wd) : 32'd0;
      mem_list <= 16'd0;
      mem_n <= 4'd1;
      state <= S_MEM;
    end
  endtask

  task automatic start_multi(input logic [31:0] base, input logic w, input logic [15:0] list);
    if (base[1:0] != 2'd0) undefined();
    else begin
      mem_addr <= base;
      mem_write <= w;
      mem_size <= 2'd2;
      mem_signed <= 1'b0;
      mem_list <= list;
      mem_n <= 4'($countones(list));
      begin
        logic [3:0] first;
        first = 4'd0;
        for (int b = 15; b >= 0; b--) if (list[b]) first = 4'(b);
        mem_wdata <= r[first];
      end
      state <= S_MEM;
    end
  endtask

endmodule
