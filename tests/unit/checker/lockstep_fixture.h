// The golden and the perfect DUT's calls shared by the lockstep tests: a golden written the way the model
// writes it (model/ARCHITECTURE.md) with loads, stores, an MTB enable, a branch, an SVC entry and its return.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "replay.h"

namespace lockstep {


// Line numbers in comments; steps: S0 reset, S1.. instructions, S10 SVC entry, S12 exception return.
inline const char *kGolden =
    "0 clk E 00000100 00000001 CoreEvent_RESET\n"                      // 1   S0
    "0 clk R r13_main 20004000\n"                                      // 2
    "0 clk R MSP 20004000\n"                                           // 3
    "1 clk IT (1) 00000100 2016 T thread : movs r0, #22\n"            // 4   S1
    "1 clk R r0 00000016\n"                                            // 5
    "2 clk IT (2) 00000102 4905 T thread : ldr r1, [pc, #20]\n"       // 6   S2
    "2 clk MR4 00000118 20000000\n"                                    // 7
    "2 clk R r1 20000000\n"                                            // 8
    "3 clk IT (3) 00000104 6008 T thread : str r0, [r1, #0]\n"        // 9   S3
    "3 clk MW4 20000000 00000016\n"                                    // 10
    "4 clk IT (4) 00000106 7148 T thread : strb r0, [r1, #5]\n"       // 11  S4
    "4 clk MW1 20000005 16\n"                                          // 12
    "5 clk IT (5) 00000108 4a04 T thread : ldr r2, [pc, #16]\n"       // 13  S5
    "5 clk MR4 0000011c f0000000\n"                                    // 14
    "5 clk R r2 f0000000\n"                                            // 15
    "6 clk IT (6) 0000010a 4b05 T thread : ldr r3, [pc, #20]\n"       // 16  S6
    "6 clk MR4 00000120 80000000\n"                                    // 17
    "6 clk R r3 80000000\n"                                            // 18
    "7 clk IT (7) 0000010c 6053 T thread : str r3, [r2, #4]\n"        // 19  S7 (MTB MASTER.EN = 1)
    "7 clk MW4 f0000004 80000000\n"                                    // 20
    "8 clk IT (8) 0000010e e000 T thread : b 0x112\n"                 // 21  S8 packet (10e, 112|S)
    "9 clk IT (9) 00000112 df05 T thread : svc 5\n"                   // 22  S9
    "9 clk E 00000000 handler 00000019 CoreEvent_ModeChange\n"        // 23  S10 exception entry
    "9 clk MW4 20003ffc 01000000\n"                                    // 24
    "9 clk MW4 20003ff8 00000114\n"                                    // 25
    "9 clk MW4 20003ff4 ffffffff\n"                                    // 26
    "9 clk MW4 20003ff0 00000000\n"                                    // 27
    "9 clk MW4 20003fec 80000000\n"                                    // 28
    "9 clk MW4 20003fe8 f0000000\n"                                    // 29
    "9 clk MW4 20003fe4 20000000\n"                                    // 30
    "9 clk MW4 20003fe0 00000016\n"                                    // 31
    "9 clk E 00000114 0000000b CoreEvent_SVCALL\n"                     // 32  packet (115, 200)
    "9 clk R r14 fffffff9\n"                                           // 33
    "9 clk R r13_main 20003fe0\n"                                      // 34
    "9 clk R cpsr 0100000b\n"                                          // 35
    "10 clk IT (10) 00000200 3001 T handler : adds r0, #1\n"          // 36  S11
    "10 clk R r0 00000017\n"                                           // 37
    "11 clk IT (11) 00000202 4770 T handler : bx lr\n"                // 38  S12 exception return
    "11 clk E 00000114 thread 00000019 CoreEvent_ModeChange\n"        // 39  packets (202, fffffff8), (fffffff9, 114)
    "11 clk MR4 20003fe0 00000016\n"                                   // 40
    "11 clk MR4 20003fe4 20000000\n"                                   // 41
    "11 clk MR4 20003fe8 f0000000\n"                                   // 42
    "11 clk MR4 20003fec 80000000\n"                                   // 43
    "11 clk MR4 20003ff0 00000000\n"                                   // 44
    "11 clk MR4 20003ff4 ffffffff\n"                                   // 45
    "11 clk MR4 20003ff8 00000114\n"                                   // 46
    "11 clk MR4 20003ffc 01000000\n"                                   // 47
    "11 clk R r0 00000016\n"                                           // 48
    "11 clk R r1 20000000\n"                                           // 49
    "11 clk R r2 f0000000\n"                                           // 50
    "11 clk R r3 80000000\n"                                           // 51
    "11 clk R r12 00000000\n"                                          // 52
    "11 clk R r14 ffffffff\n"                                          // 53
    "11 clk R r13_main 20004000\n"                                     // 54
    "11 clk R cpsr 01000000\n"                                         // 55
    "12 clk IT (12) 00000114 2000 T thread : movs r0, #0\n"           // 56  S13
    "12 clk R r0 00000000\n"                                           // 57
    "12 clk R cpsr 41000000\n"                                         // 58
    "13 clk IT (13) 00000116 beab T thread : bkpt 0x00ab\n";          // 59  S14

// Closing-call order: S0 is closed with S1 (index 0 = S1's retire), then S2 = 1, ... the exception entry is
// index 9, the handler's adds 10, bx lr 11, movs 12, bkpt 13.
inline const std::vector<PacketAt> kPackets = {
    { 7, 0x0000010e, 0x00000113 },   // b 0x112, first packet after enable: S=1
    { 9, 0x00000115, 0x00000200 },   // SVCall entry: A=1
    { 11, 0x00000202, 0xfffffff8 },  // exception return, packet 1
    { 11, 0xfffffff9, 0x00000114 },  // exception return, packet 2
};

inline std::string golden_path(const char *text = kGolden, const char *name = "golden.tarmac")
{
    return temp_golden(text, name);
}

inline std::vector<Call> perfect(const std::string &golden)
{
    std::vector<Call> calls;
    std::string err;
    EXPECT_TRUE(perfect_calls(golden, kPackets, calls, err)) << err;
    return calls;
}

// Index of the n-th call matching pred.
inline size_t find_call(const std::vector<Call> &calls, const std::function<bool(const Call &)> &pred, int nth = 0)
{
    for (size_t i = 0; i < calls.size(); i++)
        if (pred(calls[i]) && nth-- == 0) return i;
    ADD_FAILURE() << "call not found";
    return 0;
}

inline size_t retire_at(const std::vector<Call> &calls, uint32_t pc)
{
    return find_call(calls, [pc](const Call &c) { return c.kind == Call::RETIRE && c.a == pc; });
}

inline void expect_report(const RunResult &r, const char *stream, int step, int line, const char *what)
{
    EXPECT_EQ(r.rc, TC_MISMATCH) << r.report;
    std::string head = std::string("(") + stream + " stream)";
    EXPECT_NE(r.report.find(head), std::string::npos) << "want " << head << "\n" << r.report;
    std::string where = "step " + std::to_string(step) + ", golden ";
    EXPECT_NE(r.report.find(where), std::string::npos) << "want " << where << "\n" << r.report;
    std::string l = ".tarmac:" + std::to_string(line) + ",";
    EXPECT_NE(r.report.find(l), std::string::npos) << "want line " << line << "\n" << r.report;
    EXPECT_NE(r.report.find(what), std::string::npos) << "want '" << what << "'\n" << r.report;
}

// An ES-dialect golden (Arm's RTL and cycle models) with a store, a halfword store and a byte load shown as LD/ST
// byte groups, and the calls of a perfect DUT for it (bus_window=0).
inline const char *kEsGolden =
    "Tarmac Text Rev 3t\n"
    "        0 tic ES  EXC [0x01] Reset\n"
    "                  R MSP 20001000\n"
    "                  BR (00000100) T\n"
    "       10 tic ES  (00000100:2305) T thrd_s:      MOVS     r3,#5\n"
    "                  R R3 00000005\n"
    "       20 tic ES  (00000102:9300) T thrd_s:      STR      r3,[sp,#0]\n"
    "                  ST 20001000 ........ ........ ........ 00000005    S:0020001000    NM NSH\n"
    "       30 tic ES  (00000104:8058) T thrd_s:      STRH     r0,[r3,#2]\n"
    "                  ST 20000000 ........ ........ ........ 7a3c....    S:0020000000    NM NSH\n"
    "       40 tic ES  (00000106:7818) T thrd_s:      LDRB     r0,[r3,#0]\n"
    "                  LD 20000000 ........ ........ ........ ......5e    S:0020000000    NM NSH\n"
    "                  R R0 0000005e\n";

inline std::vector<Call> es_calls()
{
    return {
        Call::reg(17, 0x20001000),         Call::reg(3, 5),
        Call::retire(0x100, 0x2305),       Call::beat(0x20001000, 1, 2, 5),
        Call::retire(0x102, 0x9300),       Call::beat(0x20000002, 1, 1, 0x7a3c0000),
        Call::retire(0x104, 0x8058),       Call::beat(0x20000000, 0, 0, 0x5e),
        Call::reg(0, 0x5e),                Call::retire(0x106, 0x7818),
    };
}

// kAllRegs and as_snapshots: replay.h (live mode's tests use them too).

class Lockstep : public ::testing::Test {
  protected:
    std::string g = golden_path();
    std::vector<Call> calls = perfect(g);
    RunResult run(const std::string &opts = "") { return run_calls(g, opts, calls); }
};


}  // namespace lockstep
