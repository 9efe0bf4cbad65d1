// The memory map as a table (m6_memory_map): each region's first and last word answer m6_read, the word past it and
// the word before it do not (unless another region is there), for the default map, mps2's, without the MTB and
// with the MTB's SFRs moved: the table the coverage bins of the map's edges are made from is the map the model runs.
#include <gtest/gtest.h>

#include <string>

extern "C" {
#include "armv6m.h"
}

namespace {

bool in_map(const m6_region *r, size_t n, uint32_t a)
{
    for (size_t i = 0; i < n; i++)
        if (a - r[i].base < r[i].size) return true;
    return false;
}

void check_map(const char *text)
{
    m6_config cfg;
    m6_config_defaults(&cfg);
    tm_error err{};
    ASSERT_EQ(m6_config_parse(&cfg, text, &err), 0) << text;
    m6_region r[M6_REGIONS_MAX];
    size_t n = m6_memory_map(&cfg, r);
    ASSERT_GE(n, 3u) << text;
    m6 *c = m6_create(&cfg);
    ASSERT_NE(c, nullptr);
    for (size_t i = 0; i < n; i++) {
        std::string what = std::string(text) + ": " + r[i].name;
        if (i) {
            EXPECT_GT(r[i].base, r[i - 1].base) << what << ": address order";
        }
        uint32_t v = 0, last = r[i].base + r[i].size - 4;
        EXPECT_EQ(m6_read(c, r[i].base, 4, &v), 0) << what << ": first word";
        EXPECT_EQ(m6_read(c, last, 4, &v), 0) << what << ": last word";
        uint32_t past = r[i].base + r[i].size, before = r[i].base - 4;
        if (!in_map(r, n, past)) {
            EXPECT_EQ(m6_read(c, past, 4, &v), -1) << what << ": the word past it";
        }
        if (r[i].base && !in_map(r, n, before)) {
            EXPECT_EQ(m6_read(c, before, 4, &v), -1) << what << ": the word before";
        }
        if (r[i].word_only) {
            EXPECT_EQ(m6_read(c, r[i].base, 2, &v), -1) << what << ": word accesses only";
        }
    }
    m6_destroy(c);
}

TEST(MemoryMap, DefaultMap) { check_map("mem_map=default"); }
TEST(MemoryMap, Mps2Map) { check_map("mem_map=mps2"); }
TEST(MemoryMap, NoMtb) { check_map("mtb=0"); }
TEST(MemoryMap, MtbElsewhere) { check_map("mtb_base=0x40000000"); }

TEST(MemoryMap, RegionsOfTheDefaultMap)
{
    m6_region r[M6_REGIONS_MAX];
    size_t n = m6_memory_map(nullptr, r);
    std::string names;
    for (size_t i = 0; i < n; i++) names += std::string(names.empty() ? "" : " ") + r[i].name;
    EXPECT_EQ(names, "code sram mtb_sram scs mtb_sfr");
}

}  // namespace
