// The MTB packet codec (dpi/README.md) on an SVC entry and return and the mtb-decode tool on a wrapped buffer.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <string>

extern "C" {
#include "tarmac/mtb.h"
}

TEST(MtbCodec, SvcEntryAndReturnExample)
{
    // SVC at 0x1F0, handler 0x300, BX LR at 0x310 with LR = 0xFFFFFFF9
    uint32_t w0, w1;
    mtb_packet entry = { 0x1f2, 0x300, 1, 0 };
    mtb_encode(&entry, &w0, &w1);
    EXPECT_EQ(w0, 0x000001f3u);
    EXPECT_EQ(w1, 0x00000300u);
    mtb_packet ret1 = { 0x310, 0xfffffff9, 0, 0 };
    mtb_encode(&ret1, &w0, &w1);
    EXPECT_EQ(w0, 0x00000310u);
    EXPECT_EQ(w1, 0xfffffff8u);
    mtb_packet ret2 = { 0xfffffff9, 0x1f2, 1, 0 };
    mtb_encode(&ret2, &w0, &w1);
    EXPECT_EQ(w0, 0xfffffff9u);
    EXPECT_EQ(w1, 0x000001f2u);
    mtb_packet d = mtb_decode(0x10f, 0x113);
    EXPECT_EQ(d.src, 0x10eu);
    EXPECT_EQ(d.dst, 0x112u);
    EXPECT_EQ(d.a, 1);
    EXPECT_EQ(d.s, 1);
    char buf[160];
    mtb_describe(&ret1, buf, sizeof buf);
    EXPECT_STREQ(buf, "exception return from 00000310 (EXC_RETURN fffffff9)");
}

TEST(MtbDecode, OrdersAWrappedBufferFromThePointer)
{
    std::string dir = std::string(TM_BUILD_DIR) + "/tmp";
    (void)!system(("mkdir -p " + dir).c_str());
    std::string bin = dir + "/mtb_dump.bin";
    const uint32_t words[] = { 0x202, 0xfffffff8, 0xfffffff9, 0x114, 0x10e, 0x113, 0x115, 0x200 };
    std::ofstream(bin, std::ios::binary).write(reinterpret_cast<const char *>(words), sizeof words);
    std::string cmd = std::string(TM_BUILD_DIR) + "/bin/mtb-decode --position 0x14 " + bin + " 2>&1";
    FILE *p = popen(cmd.c_str(), "r");
    std::string out;
    std::array<char, 1024> b;
    size_t n;
    while ((n = fread(b.data(), 1, b.size(), p)) > 0) out.append(b.data(), n);
    EXPECT_EQ(pclose(p), 0);
    size_t first = out.find("branch 0000010e -> 00000112 [start]");
    size_t last = out.find("exception return to 00000114");
    EXPECT_NE(first, std::string::npos) << out;
    EXPECT_NE(last, std::string::npos) << out;
    EXPECT_LT(first, last) << "oldest packet first\n" << out;
    EXPECT_NE(out.find("mtb-decode: 4 packets"), std::string::npos);
}
