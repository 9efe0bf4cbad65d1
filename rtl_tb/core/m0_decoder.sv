// m0_decoder: a Thumb instruction (one halfword, or the two of a 32-bit one) -> the ARM ARM's instruction and
// fields (m0_pkg::decoded_t). Combinational. The case items follow the ARM ARM's encoding tables (A5.2: the
// 16-bit instructions by opcode [15:10], A5.3: the 32-bit ones); each names the instruction and encoding it
// decodes. Whatever is UNDEFINED, UNPREDICTABLE in a way the core does not implement, or not ARMv6-M is I_UDF.
module m0_decoder
  import m0_pkg::*;
(
  input  logic [31:0] op,     // a 16-bit instruction in [15:0]; a 32-bit one as {first halfword, second}
  input  logic        is32,
  output decoded_t    dec
);

  logic [15:0] h, hw1, hw2;
  assign h = op[15:0];
  assign hw1 = op[31:16];
  assign hw2 = op[15:0];

  // the fields of the 16-bit encodings (A5.2)
  logic [3:0] rd_lo, rn_lo, rm_lo, rt_hi;  // [2:0], [5:3], [8:6] and [10:8] as register numbers
  logic [3:0] dn, m;                       // DN:Rdn and Rm of the high-register forms (A5.2.3)
  assign rd_lo = {1'b0, h[2:0]};
  assign rn_lo = {1'b0, h[5:3]};
  assign rm_lo = {1'b0, h[8:6]};
  assign rt_hi = {1'b0, h[10:8]};
  assign dn = {h[7], h[2:0]};
  assign m = h[6:3];

  // BL's offset (A6.7.13): I1 = NOT(J1 EOR S), I2 = NOT(J2 EOR S)
  logic        s, i1, i2;
  assign s = hw1[10];
  assign i1 = !(hw2[13] ^ s);
  assign i2 = !(hw2[11] ^ s);

  // A5.3: the 32-bit instructions, and A5.2.5: the miscellaneous 16-bit ones, each decoded apart so that the
  // decoder's main case stays one screen of the encoding table
  decoded_t dec32, dec_misc;
  always_comb begin
    dec32 = '{insn: I_UDF, default: '0};
    // A5.3: the 32-bit instructions
    if (hw2[15:14] == 2'b11 && hw2[12] && hw1[15:11] == 5'b11110) begin
      dec32.insn = I_BL;  // BL T1
      dec32.imm32 = {{8{s}}, i1, i2, hw1[9:0], hw2[10:0], 1'b0};
    end else if (hw1[15:4] == 12'hf38 && hw2[15:8] == 8'h88 && hw1[3:0] < 4'd13) begin
      dec32.insn = I_MSR;  // MSR (register) T1
      dec32.rn = hw1[3:0];
      dec32.sysm = hw2[7:0];
    end else if (hw1 == 16'hf3ef && hw2[15:12] == 4'h8 && hw2[11:8] < 4'd13) begin
      dec32.insn = I_MRS;  // MRS T1
      dec32.rd = hw2[11:8];
      dec32.sysm = hw2[7:0];
    end else if (hw1 == 16'hf3bf && hw2[15:8] == 8'h8f && (hw2[7:4] == 4'h4 || hw2[7:4] == 4'h5 || hw2[7:4] == 4'h6)) begin
      dec32.insn = I_BARRIER;  // DSB T1, DMB T1, ISB T1
    end
  end

  always_comb begin
    dec_misc = '{insn: I_UDF, default: '0};
    // A5.2.5: miscellaneous 16-bit instructions
    unique case (h[11:8])
      4'h0: begin  // ADD (SP plus immediate) T2, SUB (SP minus immediate) T1
        dec_misc.insn = h[7] ? I_SUB_SP_IMM : I_ADD_SP_IMM;
        dec_misc.rd = 4'd13;
        dec_misc.rn = 4'd13;
        dec_misc.imm32 = {23'd0, h[6:0], 2'b00};
      end
      4'h2: begin  // SXTH T1, SXTB T1, UXTH T1, UXTB T1
        dec_misc.insn = h[7:6] == 2'd0 ? I_SXTH : h[7:6] == 2'd1 ? I_SXTB : h[7:6] == 2'd2 ? I_UXTH : I_UXTB;
        dec_misc.rd = rd_lo;
        dec_misc.rm = rn_lo;
      end
      4'h4, 4'h5: begin  // PUSH T1
        dec_misc.reglist = {1'b0, h[8], 6'd0, h[7:0]};
        if (dec_misc.reglist != 16'd0) dec_misc.insn = I_PUSH;
      end
      4'h6: if (h[7:5] == 3'b011 && h[3:0] == 4'b0010) begin dec_misc.insn = I_CPS; dec_misc.sysm = {7'd0, h[4]}; end  // CPS T1
      4'ha: begin  // REV T1, REV16 T1, REVSH T1
        if (h[7:6] != 2'd2) dec_misc.insn = h[7:6] == 2'd0 ? I_REV : h[7:6] == 2'd1 ? I_REV16 : I_REVSH;
        dec_misc.rd = rd_lo;
        dec_misc.rm = rn_lo;
      end
      4'hc, 4'hd: begin  // POP T1
        dec_misc.reglist = {h[8], 7'd0, h[7:0]};
        if (dec_misc.reglist != 16'd0) dec_misc.insn = I_POP;
      end
      4'he: begin dec_misc.insn = I_BKPT; dec_misc.sysm = h[7:0]; end  // BKPT T1
      4'hf: if (!(h[3:0] != 4'd0 || h[7:4] > 4'd4)) dec_misc.insn = I_HINT;  // NOP, YIELD, WFE, WFI, SEV T1
      default: ;
    endcase
  end

  always_comb begin
    dec = '{insn: I_UDF, default: '0};
    if (is32) begin
      dec = dec32;
    end else begin
      unique case (h[15:11])
        // A5.2.1: shift (immediate), add, subtract, move, and compare
        5'b00000, 5'b00001, 5'b00010: begin  // LSLS (immediate) T1, LSRS (immediate) T1, ASRS (immediate) T1
          dec.insn = h[12:11] == 2'd0 ? I_LSL_IMM : h[12:11] == 2'd1 ? I_LSR_IMM : I_ASR_IMM;
          dec.rd = rd_lo;
          dec.rm = rn_lo;
          dec.imm32 = {27'd0, h[10:6]};
        end
        5'b00011: begin  // ADDS/SUBS (register) T1, ADDS/SUBS (immediate) T1 (imm3)
          dec.insn = h[10] ? (h[9] ? I_SUB_IMM : I_ADD_IMM) : (h[9] ? I_SUB_REG : I_ADD_REG);
          dec.rd = rd_lo;
          dec.rn = rn_lo;
          dec.rm = rm_lo;
          dec.use_imm = h[10];
          dec.imm32 = {29'd0, h[8:6]};
        end
        5'b00100: begin dec.insn = I_MOV_IMM; dec.rd = rt_hi; dec.use_imm = 1'b1; dec.imm32 = {24'd0, h[7:0]}; end  // MOVS (immediate) T1
        5'b00101: begin dec.insn = I_CMP_IMM; dec.rn = rt_hi; dec.use_imm = 1'b1; dec.imm32 = {24'd0, h[7:0]}; end  // CMP (immediate) T1
        5'b00110: begin dec.insn = I_ADD_IMM; dec.rd = rt_hi; dec.rn = rt_hi; dec.use_imm = 1'b1; dec.imm32 = {24'd0, h[7:0]}; end  // ADDS (immediate) T2
        5'b00111: begin dec.insn = I_SUB_IMM; dec.rd = rt_hi; dec.rn = rt_hi; dec.use_imm = 1'b1; dec.imm32 = {24'd0, h[7:0]}; end  // SUBS (immediate) T2
        5'b01000: begin
          if (!h[10]) begin
            // A5.2.2: data processing, <op> Rdn, Rm (RSBS Rd, Rn, #0)
            dec.rd = rd_lo;
            dec.rn = rd_lo;
            dec.rm = rn_lo;
            unique case (h[9:6])
              4'h0: dec.insn = I_AND;      // ANDS (register) T1
              4'h1: dec.insn = I_EOR;      // EORS (register) T1
              4'h2: begin dec.insn = I_LSL_REG; dec.srtype = 2'd0; end  // LSLS (register) T1
              4'h3: begin dec.insn = I_LSR_REG; dec.srtype = 2'd1; end  // LSRS (register) T1
              4'h4: begin dec.insn = I_ASR_REG; dec.srtype = 2'd2; end  // ASRS (register) T1
              4'h5: dec.insn = I_ADC;      // ADCS (register) T1
              4'h6: dec.insn = I_SBC;      // SBCS (register) T1
              4'h7: begin dec.insn = I_ROR_REG; dec.srtype = 2'd3; end  // RORS (register) T1
              4'h8: dec.insn = I_TST;      // TST (register) T1
              4'h9: begin dec.insn = I_RSB; dec.rn = rn_lo; dec.use_imm = 1'b1; end  // RSBS (immediate) T1
              4'ha: dec.insn = I_CMP_REG;  // CMP (register) T1
              4'hb: dec.insn = I_CMN;      // CMN (register) T1
              4'hc: dec.insn = I_ORR;      // ORRS (register) T1
              4'hd: dec.insn = I_MUL;      // MULS T1
              4'he: dec.insn = I_BIC;      // BICS (register) T1
              default: dec.insn = I_MVN;   // MVNS (register) T1
            endcase
          end else begin
            // A5.2.3: special data instructions and branch and exchange
            unique case (h[9:8])
              2'd0: begin dec.insn = I_ADD_HI; dec.rd = dn; dec.rn = dn; dec.rm = m; end  // ADD (register) T2
              2'd1: begin dec.insn = I_CMP_HI; dec.rn = dn; dec.rm = m; end               // CMP (register) T2
              2'd2: begin dec.insn = I_MOV_HI; dec.rd = dn; dec.rm = m; end               // MOV (register) T1
              default: begin                                                              // BX T1, BLX (register) T1
                if (h[2:0] == 3'd0 && !(h[7] && m == 4'd15)) dec.insn = h[7] ? I_BLX : I_BX;
                dec.rm = m;
              end
            endcase
          end
        end
        5'b01001: begin dec.insn = I_LDR_LIT; dec.rd = rt_hi; dec.imm32 = {22'd0, h[7:0], 2'b00}; end  // LDR (literal) T1
        // A5.2.4: load/store single data item
        5'b01010, 5'b01011: begin  // <op> Rt, [Rn, Rm]: STR/STRH/STRB/LDRSB/LDR/LDRH/LDRB/LDRSH (register) T1
          unique case (h[11:9])
            3'd0: dec.insn = I_STR;
            3'd1: dec.insn = I_STRH;
            3'd2: dec.insn = I_STRB;
            3'd3: dec.insn = I_LDRSB;
            3'd4: dec.insn = I_LDR;
            3'd5: dec.insn = I_LDRH;
            3'd6: dec.insn = I_LDRB;
            default: dec.insn = I_LDRSH;
          endcase
          dec.rd = rd_lo;
          dec.rn = rn_lo;
          dec.rm = rm_lo;
        end
        5'b01100: begin dec.insn = I_STR;  dec.rd = rd_lo; dec.rn = rn_lo; dec.use_imm = 1'b1; dec.imm32 = {25'd0, h[10:6], 2'b00}; end  // STR (immediate) T1
        5'b01101: begin dec.insn = I_LDR;  dec.rd = rd_lo; dec.rn = rn_lo; dec.use_imm = 1'b1; dec.imm32 = {25'd0, h[10:6], 2'b00}; end  // LDR (immediate) T1
        5'b01110: begin dec.insn = I_STRB; dec.rd = rd_lo; dec.rn = rn_lo; dec.use_imm = 1'b1; dec.imm32 = {27'd0, h[10:6]}; end        // STRB (immediate) T1
        5'b01111: begin dec.insn = I_LDRB; dec.rd = rd_lo; dec.rn = rn_lo; dec.use_imm = 1'b1; dec.imm32 = {27'd0, h[10:6]}; end        // LDRB (immediate) T1
        5'b10000: begin dec.insn = I_STRH; dec.rd = rd_lo; dec.rn = rn_lo; dec.use_imm = 1'b1; dec.imm32 = {26'd0, h[10:6], 1'b0}; end  // STRH (immediate) T1
        5'b10001: begin dec.insn = I_LDRH; dec.rd = rd_lo; dec.rn = rn_lo; dec.use_imm = 1'b1; dec.imm32 = {26'd0, h[10:6], 1'b0}; end  // LDRH (immediate) T1
        5'b10010: begin dec.insn = I_STR;  dec.rd = rt_hi; dec.rn = 4'd13; dec.use_imm = 1'b1; dec.imm32 = {22'd0, h[7:0], 2'b00}; end  // STR (immediate) T2, SP
        5'b10011: begin dec.insn = I_LDR;  dec.rd = rt_hi; dec.rn = 4'd13; dec.use_imm = 1'b1; dec.imm32 = {22'd0, h[7:0], 2'b00}; end  // LDR (immediate) T2, SP
        5'b10100: begin dec.insn = I_ADR;  dec.rd = rt_hi; dec.imm32 = {22'd0, h[7:0], 2'b00}; end  // ADR T1
        5'b10101: begin dec.insn = I_ADD_SP_IMM; dec.rd = rt_hi; dec.rn = 4'd13; dec.imm32 = {22'd0, h[7:0], 2'b00}; end  // ADD (SP plus immediate) T1
        5'b10110, 5'b10111: begin
          dec = dec_misc;
        end
        5'b11000, 5'b11001: begin  // STM T1, LDM T1
          dec.rn = rt_hi;
          dec.reglist = {8'd0, h[7:0]};
          if (dec.reglist != 16'd0) dec.insn = h[11] ? I_LDM : I_STM;
        end
        // A5.2.6: conditional branch, and supervisor call
        5'b11010, 5'b11011: begin
          if (h[11:8] == 4'hf) dec.insn = I_SVC;      // SVC T1
          else if (h[11:8] != 4'he) begin             // B T1 (1110: UDF T1)
            dec.insn = I_B_COND;
            dec.cond = h[11:8];
            dec.imm32 = {{23{h[7]}}, h[7:0], 1'b0};
          end
        end
        5'b11100: begin dec.insn = I_B; dec.imm32 = {{20{h[10]}}, h[10:0], 1'b0}; end  // B T2
        default: ;
      endcase
    end
  end

endmodule
