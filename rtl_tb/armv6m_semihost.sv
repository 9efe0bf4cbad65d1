// Semihosting for any ARMv6-M testbench (dpi/CHECKING_YOUR_CORE.md, "Reusable pieces"), as the project's model
// serves it (model/semihost.c): when BKPT 0xAB halts the core with r0 = operation and r1 = argument,
//   SYS_WRITEC        (0x03) writes the byte at arg to the console,
//   SYS_WRITE0        (0x04) writes the NUL-terminated string at arg,
//   SYS_EXIT          (0x18) exits: code 0 when arg is ADP_Stopped_ApplicationExit (0x20026), else 1,
//   SYS_EXIT_EXTENDED (0x20) exits: arg points to {reason, code}; the code's low byte when the reason is
//                            ADP_Stopped_ApplicationExit, else 1,
//   any other operation returns -1 in r0.
// The console text goes out with $write, one byte per call, so that the simulator's output is the program's.
// Memory is read through a byte read port into the testbench's own memory model, one byte per cycle, so the
// module needs no reference into it.
//
// Handshake: the core holds req (with op and arg) until it sees ack; ack is high for one cycle, with wr_r0 when
// r0 takes r0_value; req must be low in the cycle after ack. The exit is reported when the call is
// acknowledged; a testbench usually ends the test when the BKPT then retires (the golden trace has it).
module armv6m_semihost (
  input  logic        clk,
  input  logic        rst_n,
  // the call
  input  logic        req,
  input  logic [31:0] op,
  input  logic [31:0] arg,
  output logic        ack,
  output logic        wr_r0,
  output logic [31:0] r0_value,
  // byte read port, combinational: rd_data is the byte at rd_addr in the same cycle (0 outside the memories)
  output logic [31:0] rd_addr,
  input  logic [7:0]  rd_data,
  // the program asked to exit: held until reset
  output logic        exit_valid,
  output logic [7:0]  exit_code
);
  localparam logic [31:0] SysWritec = 32'h03, SysWrite0 = 32'h04, SysExit = 32'h18, SysExitExtended = 32'h20;
  localparam logic [31:0] AdpStoppedApplicationExit = 32'h20026;

  typedef enum logic [2:0] {
    StIdle,      // waiting for a call
    StWritec,    // the byte at rd_addr
    StWrite0,    // the string at rd_addr, one byte per cycle up to its NUL
    StBlock,     // SYS_EXIT_EXTENDED: the 8-byte parameter block, one byte per cycle
    StExitBlock  // SYS_EXIT_EXTENDED: the block read, exit
  } state_e;

  state_e      state_q;
  logic [31:0] addr_q;
  logic [63:0] block_q;
  logic [2:0]  count_q;

  assign rd_addr = addr_q;

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      state_q    <= StIdle;
      addr_q     <= 32'd0;
      block_q    <= 64'd0;
      count_q    <= 3'd0;
      ack        <= 1'b0;
      wr_r0      <= 1'b0;
      r0_value   <= 32'd0;
      exit_valid <= 1'b0;
      exit_code  <= 8'd0;
    end else begin
      ack   <= 1'b0;
      wr_r0 <= 1'b0;
      unique case (state_q)
        StIdle: begin
          // !ack: req is still high in the cycle the previous call is acknowledged
          if (req && !ack) begin
            addr_q <= arg;
            unique case (op)
              SysWritec: state_q <= StWritec;
              SysWrite0: state_q <= StWrite0;
              SysExit: begin
                exit_valid <= 1'b1;
                exit_code  <= arg == AdpStoppedApplicationExit ? 8'd0 : 8'd1;
                ack        <= 1'b1;
              end
              SysExitExtended: begin
                count_q <= 3'd0;
                state_q <= StBlock;
              end
              default: begin
                r0_value <= 32'hffff_ffff;
                wr_r0    <= 1'b1;
                ack      <= 1'b1;
              end
            endcase
          end
        end
        StWritec: begin
          $write("%c", rd_data);
          ack     <= 1'b1;
          state_q <= StIdle;
        end
        StWrite0: begin
          if (rd_data == 8'd0) begin
            ack     <= 1'b1;
            state_q <= StIdle;
          end else begin
            $write("%c", rd_data);
            addr_q <= addr_q + 32'd1;
          end
        end
        StBlock: begin
          block_q[8 * count_q +: 8] <= rd_data;
          addr_q  <= addr_q + 32'd1;
          count_q <= count_q + 3'd1;
          if (count_q == 3'd7) state_q <= StExitBlock;
        end
        StExitBlock: begin
          exit_valid <= 1'b1;
          exit_code  <= block_q[31:0] == AdpStoppedApplicationExit ? block_q[39:32] : 8'd1;
          ack        <= 1'b1;
          state_q    <= StIdle;
        end
        default: state_q <= StIdle;
      endcase
    end
  end

  logic unused;
  assign unused = ^block_q[63:40];
endmodule
