// The model driven directly on hand-placed code: lockup, invalid EXC_RETURN, stacking alignment, MTB wrap and
// watermark, the exact trace lines of a short sequence; and the CLI's errors and exit codes.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "../elf_fixture.h"
#include "../run_command.h"
#include "machine.h"

namespace {

using Out = CommandOutput;
inline Out sh(const std::string &cmd) { return run_command(cmd); }

}  // namespace

TEST(Model, FaultInHardFaultLocksUp)
{
    Machine m({ 0xde00 }, { 0xde01 });  // udf in main, udf in the HardFault handler
    ASSERT_EQ(m6_reset(m.c, nullptr), 0);
    EXPECT_EQ(m.run(), M6_STEP_LOCKUP);
    EXPECT_EQ(m6_exit_code(m.c), M6_EXIT_LOCKUP);
    EXPECT_NE(std::string(m6_stop_reason(m.c)).find("lockup at 00000200"), std::string::npos) << m6_stop_reason(m.c);
}

TEST(Model, InvalidExcReturnIsAHardFaultAndStackingRealigns)
{
    // main: sub sp, #4 (sp = ...ffc: frame realigned); svc 0
    // handler 0x200 (SVCall and HardFault): first entry -> ldr r0, =0xfffffff5 ; bx r0 -> HardFault -> lockup?
    // HardFault from handler mode at priority -1 would lock up only if already in HardFault: SVCall is not.
    Machine m({ 0xb081, 0xdf00, 0xbeab }, { 0x4801, 0x4700, 0xbf00, 0xbf00, 0xfff5, 0xffff });
    m.poke32(4 * 3, 0x301);  // HardFault handler at 0x300: semihosting exit (r0 = 0x18, r1 = 0x20026)
    uint16_t hf[] = { 0x2018, 0x4901, 0xbeab, 0xbf00, 0x0026, 0x0002 };
    std::memcpy(m6_mem_ptr(m.c, 0x300, sizeof hf), hf, sizeof hf);
    ASSERT_EQ(m6_reset(m.c, nullptr), 0);
    EXPECT_EQ(m.run(), M6_STEP_EXIT);
    EXPECT_EQ(m6_exit_code(m.c), 0);
    EXPECT_EQ(m.ipsr(), 3u);  // in HardFault
    // the SVC frame was realigned: sp 0x20000ffc -> frame at 0x20000fd8, stacked xPSR bit 9 set
    uint32_t xpsr;
    std::memcpy(&xpsr, m6_mem_ptr(m.c, 0x20000fd8 + 28, 4), 4);
    EXPECT_EQ(xpsr & 0x200, 0x200u);
}

// The HardFault handler at 0x300 exits through semihosting; the test reads the frame it was entered with.
static void exit_from_hardfault(Machine &m)
{
    m.poke32(4 * 3, 0x301);
    uint16_t hf[] = { 0x2018, 0x4901, 0xbeab, 0xbf00, 0x0026, 0x0002 };
    std::memcpy(m6_mem_ptr(m.c, 0x300, sizeof hf), hf, sizeof hf);
}

static uint32_t stacked(Machine &m, unsigned word)
{
    uint32_t v;
    std::memcpy(&v, m6_mem_ptr(m.c, m6_reg(m.c, TM_REG_SP) + 4 * word, 4), 4);
    return v;
}

TEST(Model, PopOfAnInvalidExcReturnFaultsBeforeWritingRegisters)
{
    // SVCall handler: ldr r1, =0xfffffff5; movs r0, #7; push {r0, r1}; movs r0, #9; pop {r0, pc}
    Machine m({ 0xdf00 }, { 0x4902, 0x2007, 0xb403, 0x2009, 0xbd01, 0xbf00, 0xfff5, 0xffff });
    exit_from_hardfault(m);
    ASSERT_EQ(m6_reset(m.c, nullptr), 0);
    EXPECT_EQ(m.run(), M6_STEP_EXIT);
    EXPECT_EQ(m.ipsr(), 3u);
    EXPECT_EQ(stacked(m, 0), 9u);        // r0 as before the POP
    EXPECT_EQ(stacked(m, 6), 0x208u);    // the POP faulted
    EXPECT_EQ(m6_reg(m.c, TM_REG_SP) + 32, 0x20001000u - 32 - 8);  // the POP did not move SP: frame right below the pair
}

TEST(Model, BlxNeverReturnsFromAnException)
{
    // SVCall handler: ldr r1, =0xfffffff9; blx r1 -> branch to 0xfffffff8, whose fetch is a bus error
    Machine m({ 0xdf00 }, { 0x4901, 0x4788, 0xbf00, 0xbf00, 0xfff9, 0xffff });
    exit_from_hardfault(m);
    ASSERT_EQ(m6_reset(m.c, nullptr), 0);
    EXPECT_EQ(m.run(), M6_STEP_EXIT);
    EXPECT_EQ(m.ipsr(), 3u);
    EXPECT_EQ(stacked(m, 5), 0x205u);        // lr written by the BLX
    EXPECT_EQ(stacked(m, 6), 0xfffffff8u);   // the fetch at the branch target faulted
}

TEST(Model, MtbWrapAndWatermark)
{
    // r0 = 0xF0000000; MASTER = EN | MASK 0 (16-byte buffer): branches b . + 2 four times; then exit
    Machine m({ 0x4805, 0x4906, 0x6041, 0xe7ff, 0xe7ff, 0xe7ff, 0xe7ff, 0x2018, 0x4903, 0xbeab, 0xbf00, 0xbf00,
                0x0000, 0xf000, 0x0000, 0x8000, 0x0026, 0x0002 });
    ASSERT_EQ(m6_reset(m.c, nullptr), 0);
    EXPECT_EQ(m.run(), M6_STEP_EXIT);
    EXPECT_EQ(m.bus32(0xf0000000), 0x0u | 4);  // four packets in a 16-byte buffer: wrapped twice, WRAP set
    uint32_t w[4];
    std::memcpy(w, m6_mem_ptr(m.c, 0x24000000, 16), 16);
    EXPECT_EQ(w[0], 0x10au);  // the third branch (0x10a -> 0x10c) overwrote the first slot
    EXPECT_EQ(w[1], 0x10cu);  // S=0: not the first packet

    // watermark: AUTOSTOP at POSITION == 8 stops after one packet
    Machine a({ 0x4806, 0x4907, 0x2209, 0x6082, 0x6041, 0xe7ff, 0xe7ff, 0x2018, 0x4904, 0xbeab, 0xbf00, 0xbf00,
                0xbf00, 0xbf00, 0x0000, 0xf000, 0x0004, 0x8000, 0x0026, 0x0002 });
    ASSERT_EQ(m6_reset(a.c, nullptr), 0);
    EXPECT_EQ(a.run(), M6_STEP_EXIT);
    EXPECT_EQ(a.bus32(0xf0000000) & ~7u, 8u);
    EXPECT_EQ(a.bus32(0xf0000004) >> 31, 0u);  // EN cleared
    uint32_t first[2];
    std::memcpy(first, m6_mem_ptr(a.c, 0x24000000, 8), 8);
    EXPECT_EQ(first[1] & 1, 1u);  // S on the first packet after enable
}

TEST(Model, TraceLinesOfAShortProgram)
{
    std::string dir = std::string(TM_BUILD_DIR) + "/tmp";
    (void)!system(("mkdir -p " + dir).c_str());
    std::string path = dir + "/model_short.tarmac";
    Machine m({ 0x2016, 0x3001, 0x2018, 0x4901, 0xbeab, 0xbf00, 0x0026, 0x0002 });
    tm_out_options oo{ 0, 0, 0, nullptr, nullptr };
    tm_error err;
    tm_out *out = tm_out_open(path.c_str(), &oo, &err);
    ASSERT_NE(out, nullptr);
    m6_trace_to(m.c, out, TM_DIALECT_FASTMODELS);
    ASSERT_EQ(m6_reset(m.c, nullptr), 0);
    EXPECT_EQ(m.run(), M6_STEP_EXIT);
    EXPECT_EQ(m6_trace_status(m.c, &err), TM_OK);
    ASSERT_EQ(tm_out_close(out, &err), TM_OK);
    FILE *f = fopen(path.c_str(), "r");
    std::string text;
    char line[256];
    while (fgets(line, sizeof line, f)) text += line;
    fclose(f);
    EXPECT_EQ(text,
              "0 clk E 00000100 00000001 CoreEvent_RESET\n"
              "0 clk R r13_main 20001000\n"
              "0 clk R MSP 20001000\n"
              "1 clk IT (1) 00000100 2016 T thread : movs r0, #22\n"
              "1 clk R r0 00000016\n"
              "2 clk IT (2) 00000102 3001 T thread : adds r0, #1\n"
              "2 clk R r0 00000017\n"
              "3 clk IT (3) 00000104 2018 T thread : movs r0, #24\n"
              "3 clk R r0 00000018\n"
              "4 clk IT (4) 00000106 4901 T thread : ldr r1, [pc, #4]\n"
              "4 clk MR4 0000010c 00020026\n"
              "4 clk R r1 00020026\n"
              "5 clk IT (5) 00000108 beab T thread : bkpt 0x00ab\n");
}

// The calls users read and set the model with (model/armv6m.h): registers by the trace library's ids.
TEST(ModelApi, RegistersByTheTraceLibrarysIds)
{
    Machine m({ 0xbf00, 0xbf00 });
    ASSERT_EQ(m6_reset(m.c, nullptr), TM_OK);
    EXPECT_EQ(m6_reg(m.c, TM_REG_SP), 0x20001000u);
    EXPECT_EQ(m6_reg(m.c, TM_REG_MSP), 0x20001000u);
    EXPECT_EQ(m6_reg(m.c, TM_REG_PC), 0x100u);
    EXPECT_EQ(m6_reg(m.c, TM_REG_LR), 0xffffffffu);
    EXPECT_EQ(m6_reg(m.c, TM_REG_XPSR), 0x01000000u);
    m6_set_reg(m.c, TM_REG_PSP, 0x20000800);
    EXPECT_EQ(m6_reg(m.c, TM_REG_SP), 0x20001000u);  // thread mode on MSP
    m6_set_reg(m.c, TM_REG_CONTROL, 2);               // SPSEL: PSP becomes the stack pointer in use
    EXPECT_EQ(m6_reg(m.c, TM_REG_CONTROL), 2u);
    EXPECT_EQ(m6_reg(m.c, TM_REG_SP), 0x20000800u);
    EXPECT_EQ(m6_reg(m.c, TM_REG_MSP), 0x20001000u);
    m6_set_reg(m.c, TM_REG_XPSR, 0xf0000003u);        // flags and IPSR, as a debugger writes them
    EXPECT_EQ(m6_reg(m.c, TM_REG_XPSR), 0xf1000003u);
    EXPECT_EQ(m6_active(m.c), 0u);                    // nothing became active
    EXPECT_EQ(m6_reg(m.c, TM_REG_SP), 0x20001000u);   // handler mode runs on MSP
    EXPECT_EQ(m6_reg(m.c, TM_REG_PSP), 0x20000800u);
    m6_set_reg(m.c, TM_REG_XPSR, 0);                  // back to thread mode on PSP
    EXPECT_EQ(m6_reg(m.c, TM_REG_SP), 0x20000800u);
    m6_set_reg(m.c, TM_REG_PRIMASK, 1);
    EXPECT_EQ(m6_reg(m.c, TM_REG_PRIMASK), 1u);
    m6_set_reg(m.c, TM_REG_R0 + 7, 0x1234);
    EXPECT_EQ(m6_reg(m.c, TM_REG_R0 + 7), 0x1234u);
    EXPECT_EQ(m6_reg(m.c, TM_REG_COUNT), 0u);         // not a register
}

// Why a model stopped, and its counts.
TEST(ModelApi, StoppedExitCodeAndReason)
{
    Machine run({ 0x2018, 0x4901, 0xbeab, 0xbf00, 0x0026, 0x0002 });  // semihosting exit, code 0
    ASSERT_EQ(m6_reset(run.c, nullptr), TM_OK);
    EXPECT_EQ(m6_stopped(run.c), 0);
    EXPECT_EQ(run.run(), M6_STEP_EXIT);
    EXPECT_EQ(m6_stopped(run.c), M6_STEP_EXIT);
    EXPECT_EQ(m6_exit_code(run.c), 0);
    EXPECT_STREQ(m6_stop_reason(run.c), "");
    EXPECT_EQ(m6_icount(run.c), 3u);
    EXPECT_EQ(m6_steps(run.c), 3u);
    EXPECT_EQ(m6_last_encoding(run.c), thumb_bkpt_t1);
    Machine lock({ 0xde00 }, { 0xde01 });
    ASSERT_EQ(m6_reset(lock.c, nullptr), TM_OK);
    EXPECT_EQ(lock.run(), M6_STEP_LOCKUP);
    EXPECT_EQ(m6_stopped(lock.c), M6_STEP_LOCKUP);
    EXPECT_EQ(m6_exit_code(lock.c), M6_EXIT_LOCKUP);
    EXPECT_STREQ(m6_stop_reason(lock.c), "lockup at 00000200");
    EXPECT_EQ(m6_step(lock.c), M6_STEP_LOCKUP);  // and stays so
}

// The loader's errors are tm_errors: the reader's status and message, the file named.
TEST(ModelApi, LoaderErrorsAreTmErrors)
{
    m6 *c = m6_create(nullptr);
    tm_error err{};
    EXPECT_EQ(m6_load_elf(c, "/nonexistent/x.elf", &err), TM_ERR_IO);
    EXPECT_STREQ(err.file, "/nonexistent/x.elf");
    EXPECT_EQ(m6_load_elf(c, "/nonexistent/x.elf", nullptr), TM_ERR_IO);  // the status without a message
    std::string readme = std::string(TM_SOURCE_DIR) + "/README.md";
    EXPECT_EQ(m6_load_elf(c, readme.c_str(), &err), TM_ERR_FORMAT);
    EXPECT_NE(std::string(err.msg).find("not an ELF file"), std::string::npos) << err.msg;
    // hello.elf with its first loadable segment moved to 0x10000000, where there is no memory
    std::string path = elf_with_segment_at(std::string(TM_BUILD_DIR) + "/programs/hello.elf", "model_away.elf",
                                           0x10000000);
    ASSERT_NE(path, "");
    EXPECT_EQ(m6_load_elf(c, path.c_str(), &err), TM_ERR_FORMAT);
    char text[600];
    EXPECT_NE(std::string(tm_error_format(&err, text, sizeof text)).find("model_away.elf: segment 0 at 0x10000000 ("),
              std::string::npos) << text;
    EXPECT_NE(std::string(err.msg).find("is outside the memory map"), std::string::npos) << err.msg;
    m6_destroy(c);
}

// A trace that cannot be written: the model's trace status has the writer's error.
TEST(ModelApi, TraceWriteErrorIsKept)
{
    tm_out_options oo{ 0, 0, 0, nullptr, nullptr };
    tm_error err{};
    tm_out *out = tm_out_open("/dev/full", &oo, &err);
    ASSERT_NE(out, nullptr) << err.msg;
    m6 *c = m6_create(nullptr);
    m6_set_console(c, nullptr);
    ASSERT_EQ(m6_load_elf(c, (std::string(TM_BUILD_DIR) + "/programs/sort.elf").c_str(), &err), TM_OK);
    m6_trace_to(c, out, TM_DIALECT_FASTMODELS);
    EXPECT_EQ(m6_trace_status(c, &err), TM_OK);
    ASSERT_EQ(m6_reset(c, nullptr), TM_OK);
    EXPECT_EQ(m6_run(c, 0), M6_STEP_EXIT);  // the run goes on: the trace is the caller's business
    tm_error e{};
    EXPECT_EQ(m6_trace_status(c, &e), TM_ERR_IO);
    EXPECT_NE(std::string(e.msg).find("write error"), std::string::npos) << e.msg;
    tm_out_close(out, &err);
    m6_destroy(c);
}

TEST(ModelCli, ErrorsAndExitCodes)
{
    std::string iss = std::string(TM_BUILD_DIR) + "/bin/armv6m-iss";
    Out none = sh(iss + " /nonexistent.elf");
    EXPECT_EQ(none.status, 2);
    EXPECT_NE(none.text.find("/nonexistent.elf: cannot open"), std::string::npos) << none.text;
    Out notelf = sh(iss + " " + std::string(TM_SOURCE_DIR) + "/README.md");
    EXPECT_EQ(notelf.status, 2);
    EXPECT_NE(notelf.text.find("not an ELF file"), std::string::npos) << notelf.text;
    std::string sort = std::string(TM_BUILD_DIR) + "/programs/sort.elf";
    Out capped = sh(iss + " --max-insns 1000 " + sort);
    EXPECT_EQ(capped.status, M6_EXIT_MAX_INSNS);
    EXPECT_NE(capped.text.find("stopped after 1000 instructions (--max-insns)"), std::string::npos) << capped.text;
    Out dialect = sh(iss + " --dialect nope " + sort);
    EXPECT_EQ(dialect.status, 2);
    Out ok = sh(iss + " " + std::string(TM_BUILD_DIR) + "/programs/hello.elf");
    EXPECT_EQ(ok.status, 0);
    EXPECT_NE(ok.text.find("hello from armv6-m"), std::string::npos);
    Out fail = sh(iss + " --tarmac /nonexistent/dir/x.gz " + sort);
    EXPECT_EQ(fail.status, 2);
    EXPECT_NE(fail.text.find("cannot create"), std::string::npos) << fail.text;
}

TEST(ModelCli, CortexmDialectMatchesFastModelsUnderTarmacDiff)
{
    std::string b = std::string(TM_BUILD_DIR);
    std::string elf = b + "/programs/svc.elf";
    ASSERT_EQ(sh(b + "/bin/armv6m-iss --quiet --tarmac " + b + "/tmp/svc_fm.gz " + elf).status, 0);
    ASSERT_EQ(sh(b + "/bin/armv6m-iss --quiet --dialect cortexm --tarmac " + b + "/tmp/svc_cm.gz " + elf).status, 0);
    Out d = sh(b + "/bin/tarmac-diff " + b + "/tmp/svc_fm.gz " + b + "/tmp/svc_cm.gz");
    EXPECT_EQ(d.status, 0) << d.text;
    EXPECT_NE(d.text.find("0 differences"), std::string::npos) << d.text;
}
