// m0_alu: the data-processing instructions of a decoded instruction (m0_decoder): the result and the flags the
// instruction would set (m0_pkg::alu_result_t), with the ARM ARM's pseudocode functions AddWithCarry (A2.2.1),
// Shift_C (A2.2.2), the extends and the byte reversals. Combinational. Whether the flags are written is the
// controller's choice (the S forms; the high-register forms set none).
module m0_alu
  import m0_pkg::*;
(
  input  decoded_t    dec,
  input  logic [31:0] rn_val,   // R[n]: PC reads as its address + 4
  input  logic [31:0] rm_val,   // R[m]
  input  logic [31:0] pc,       // the instruction's address (ADR)
  input  logic [31:0] sp,       // the stack pointer in use
  input  logic [3:0]  apsr,     // N Z C V before the instruction
  output alu_result_t res
);

  logic c_in, v_in;
  assign c_in = apsr[1];
  assign v_in = apsr[0];

  // AddWithCarry(x, y, carry_in): the sum, its carry out and signed overflow
  function automatic alu_result_t add_with_carry(input logic [31:0] x, input logic [31:0] y, input logic carry_in);
    logic [32:0] sum;
    sum = {1'b0, x} + {1'b0, y} + {32'd0, carry_in};
    return '{n: sum[31], z: sum[31:0] == 32'd0, c: sum[32], v: (x[31] == y[31]) && (sum[31] != x[31]),
             result: sum[31:0]};
  endfunction

  // a result whose N and Z follow it, with C and V as given (the logical instructions keep V, and C unless
  // they shift)
  function automatic alu_result_t nz(input logic [31:0] value, input logic c, input logic v);
    return '{n: value[31], z: value == 32'd0, c: c, v: v, result: value};
  endfunction

  // LSLS/LSRS/ASRS (immediate): DecodeImmShift, imm5 = 0 is a shift by 32 for LSR and ASR
  function automatic alu_result_t shift_imm(input logic [1:0] t, input logic [31:0] a, input logic [4:0] imm,
                                            input logic cin, input logic vin);
    logic [31:0] value;
    logic c;
    c = cin;
    unique case (t)
      2'd0: begin
        value = a << imm;
        if (imm != 0) c = a[32 - imm];
      end
      2'd1: begin
        value = (imm == 0) ? 32'd0 : a >> imm;
        c = (imm == 0) ? a[31] : a[imm - 1];
      end
      default: begin
        value = (imm == 0) ? {32{a[31]}} : 32'($signed(a) >>> imm);
        c = (imm == 0) ? a[31] : a[imm - 1];
      end
    endcase
    return nz(value, c, vin);
  endfunction

  // Shift_C by a register: the amount is Rm[7:0]; amount 0 keeps the carry
  function automatic alu_result_t shift_reg(input logic [1:0] t, input logic [31:0] v, input logic [7:0] amt,
                                            input logic cin, input logic vin);
    logic [31:0] value;
    logic co;
    value = v;
    co = cin;
    if (amt != 8'd0) begin
      unique case (t)
        2'd0: begin // LSL
          if (amt < 8'd32) begin value = v << amt; co = v[32 - amt]; end
          else if (amt == 8'd32) begin value = 32'd0; co = v[0]; end
          else begin value = 32'd0; co = 1'b0; end
        end
        2'd1: begin // LSR
          if (amt < 8'd32) begin value = v >> amt; co = v[amt - 1]; end
          else if (amt == 8'd32) begin value = 32'd0; co = v[31]; end
          else begin value = 32'd0; co = 1'b0; end
        end
        2'd2: begin // ASR
          if (amt < 8'd32) begin value = 32'($signed(v) >>> amt); co = v[amt - 1]; end
          else begin value = {32{v[31]}}; co = v[31]; end
        end
        default: begin // ROR
          value = (v >> amt[4:0]) | (v << (6'd32 - {1'b0, amt[4:0]}));
          co = value[31];
        end
      endcase
    end
    return nz(value, co, vin);
  endfunction

  logic [31:0] a, b;   // the operands: R[n], and R[m] or the immediate
  assign a = rn_val;
  assign b = dec.use_imm ? dec.imm32 : rm_val;

  // fields of the decoded instruction that are not the ALU's, and bits not used by design (Verilator's lint)
  logic unused;
  assign unused = ^{dec.rd, dec.rn, dec.rm, dec.cond, dec.reglist, dec.sysm, pc[1:0], apsr[3:2]};

  always_comb begin
    res = nz(32'd0, c_in, v_in);
    unique case (dec.insn)
      I_LSL_IMM, I_LSR_IMM, I_ASR_IMM:
        res = shift_imm(dec.insn == I_LSL_IMM ? 2'd0 : dec.insn == I_LSR_IMM ? 2'd1 : 2'd2, rm_val, dec.imm32[4:0],
                        c_in, v_in);
      I_ADD_REG, I_ADD_IMM: res = add_with_carry(a, b, 1'b0);
      I_SUB_REG, I_SUB_IMM: res = add_with_carry(a, ~b, 1'b1);
      I_MOV_IMM: res = nz(b, c_in, v_in);
      I_CMP_IMM: res = add_with_carry(a, ~b, 1'b1);
      I_AND: res = nz(a & b, c_in, v_in);
      I_EOR: res = nz(a ^ b, c_in, v_in);
      I_LSL_REG, I_LSR_REG, I_ASR_REG, I_ROR_REG: res = shift_reg(dec.srtype, a, b[7:0], c_in, v_in);
      I_ADC: res = add_with_carry(a, b, c_in);
      I_SBC: res = add_with_carry(a, ~b, c_in);
      I_TST: res = nz(a & b, c_in, v_in);
      I_RSB: res = add_with_carry(~a, 32'd0, 1'b1);
      I_CMP_REG: res = add_with_carry(a, ~b, 1'b1);
      I_CMN: res = add_with_carry(a, b, 1'b0);
      I_ORR: res = nz(a | b, c_in, v_in);
      I_MUL: res = nz(a * b, c_in, v_in);
      I_BIC: res = nz(a & ~b, c_in, v_in);
      I_MVN: res = nz(~b, c_in, v_in);
      I_ADD_HI: res.result = a + b;
      I_CMP_HI: res = add_with_carry(a, ~b, 1'b1);
      I_MOV_HI: res.result = b;
      I_ADR: res.result = {pc[31:2] + 30'd1, 2'b00} + dec.imm32;
      I_ADD_SP_IMM: res.result = sp + dec.imm32;
      I_SUB_SP_IMM: res.result = sp - dec.imm32;
      I_SXTH: res.result = {{16{rm_val[15]}}, rm_val[15:0]};
      I_SXTB: res.result = {{24{rm_val[7]}}, rm_val[7:0]};
      I_UXTH: res.result = {16'd0, rm_val[15:0]};
      I_UXTB: res.result = {24'd0, rm_val[7:0]};
      I_REV: res.result = {rm_val[7:0], rm_val[15:8], rm_val[23:16], rm_val[31:24]};
      I_REV16: res.result = {rm_val[23:16], rm_val[31:24], rm_val[7:0], rm_val[15:8]};
      I_REVSH: res.result = {{16{rm_val[7]}}, rm_val[7:0], rm_val[15:8]};
      default: ;
    endcase
  end

endmodule
