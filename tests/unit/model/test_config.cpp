// The model's configuration options (model/config.h): the table's defaults, texts and errors; each option's
// behaviour on hand-placed code; armv6m-iss --config and the record a gzip golden carries in its header.
#include <gtest/gtest.h>
#include <unistd.h>

#include <string>

#include "../elf_fixture.h"
#include "../run_command.h"
#include "machine.h"

extern "C" {
#include "tarmac/reader.h"
}

namespace {

const char kDefaults[] = "lr_reset=0xffffffff,cpuid=0x410cc601,mtb=1,mtb_base=0xf0000000,num_irq=32,systick=insn,"
                         "tail_chain=0,late_arrival=0,r_reset=0x00000000,vtor=1,syst_calib=0x00000000,sw_pend=store,"
                         "abandon_unstack=0,shcsr=1,apsr_reset=0x00000000";

std::string format(const m6_config &cfg)
{
    char buf[M6_CONFIG_TEXT_MAX];
    int n = m6_config_format(&cfg, buf, sizeof buf);
    EXPECT_LT(n, (int)sizeof buf);
    return buf;
}

// Parse text on top of the defaults: "" when it is accepted, else the error.
std::string parse_error(const char *text, m6_config *out = nullptr)
{
    m6_config cfg;
    m6_config_defaults(&cfg);
    tm_error err{};
    int rc = m6_config_parse(&cfg, text, &err);
    if (out) *out = cfg;
    EXPECT_TRUE(rc == TM_OK || rc == TM_ERR_ARG) << text << ": " << rc;
    EXPECT_EQ(rc != TM_OK, err.msg[0] != '\0') << text;
    EXPECT_EQ(err.file[0], '\0') << "a bad option names no file: " << err.file;
    return err.msg;
}

uint32_t read32(m6 *c, uint32_t addr)
{
    uint32_t v = 0xdeadbeef;
    EXPECT_EQ(m6_read(c, addr, 4, &v), 0) << std::hex << addr;
    return v;
}

}  // namespace

TEST(Config, DefaultsAreTodaysChoicesInOneStableText)
{
    m6_config cfg;
    m6_config_defaults(&cfg);
    EXPECT_EQ(format(cfg), kDefaults);
    EXPECT_EQ(cfg.lr_reset, 0xffffffffu);
    EXPECT_EQ(cfg.cpuid, 0x410cc601u);
    EXPECT_EQ(cfg.num_irq, 32u);
    EXPECT_EQ(cfg.systick, M6_SYSTICK_INSN);
    EXPECT_EQ(cfg.tail_chain, 0);
    EXPECT_EQ(cfg.late_arrival, 0);
    EXPECT_EQ(cfg.r_reset, 0u);
    EXPECT_EQ(cfg.r_reset_unknown, 0);
    EXPECT_EQ(cfg.vtor, 1);
    EXPECT_EQ(cfg.syst_calib, 0u);
    EXPECT_EQ(cfg.sw_pend, M6_PEND_STORE);
    EXPECT_EQ(cfg.abandon_unstack, 0);
    // the table, the defaults and the record agree: every key is in the text with its default
    size_t keys = 0;
    for (; m6_config_at(keys); keys++) {
        const m6_config_info *k = m6_config_at(keys);
        char v[40];
        ASSERT_GT(m6_config_value(&cfg, k->key, v, sizeof v), 0);
        EXPECT_EQ(std::string(v), k->def) << k->key;
        // a key that is left out at its default (arch, mem_map, nmi) keeps older goldens' records as they were
        if (m6_config_omits_default(k->key))
            EXPECT_EQ(("," + format(cfg)).find("," + std::string(k->key) + "="), std::string::npos) << k->key;
        else
            EXPECT_NE(format(cfg).find(std::string(k->key) + "=" + v), std::string::npos) << k->key;
        EXPECT_EQ(m6_config_index(k->key), (int)keys);
        EXPECT_TRUE(k->help && *k->help);
    }
    EXPECT_EQ(keys, 18u);
    m6 *c = m6_create(nullptr);
    EXPECT_EQ(format(*m6_get_config(c)), kDefaults);  // a new model starts at the defaults
    m6_destroy(c);
}

TEST(Config, ParsesValuesInAnyBaseAndPrintsThemCanonically)
{
    m6_config cfg;
    EXPECT_EQ(parse_error("lr_reset=4294967294,cpuid=0x410CC200,mtb=0,mtb_base=0x40000000,num_irq=8,"
                          "systick=cycles,tail_chain=1,late_arrival=1,r_reset=4294967295,vtor=0,syst_calib=3221225472,"
                          "sw_pend=barrier,abandon_unstack=1,shcsr=0,apsr_reset=3221225472",
                          &cfg),
              "");
    EXPECT_EQ(format(cfg), "lr_reset=0xfffffffe,cpuid=0x410cc200,mtb=0,mtb_base=0x40000000,num_irq=8,"
                           "systick=cycles,tail_chain=1,late_arrival=1,r_reset=0xffffffff,vtor=0,syst_calib=0xc0000000,"
                           "sw_pend=barrier,abandon_unstack=1,shcsr=0,apsr_reset=0xc0000000");
    EXPECT_EQ(parse_error("sw_pend=next", &cfg), "");
    EXPECT_EQ(cfg.sw_pend, M6_PEND_NEXT);
    EXPECT_NE(format(cfg).find("sw_pend=next,"), std::string::npos);
    // apsr_reset: a value or unknown, each replacing the other
    EXPECT_EQ(parse_error("apsr_reset=unknown", &cfg), "");
    EXPECT_EQ(cfg.apsr_reset_unknown, 1);
    EXPECT_NE(format(cfg).find("apsr_reset=unknown"), std::string::npos);
    EXPECT_EQ(parse_error("apsr_reset=0x20000000", &cfg), "");  // one text gives a key once: a second call
    EXPECT_EQ(cfg.apsr_reset_unknown, 0);
    EXPECT_EQ(cfg.apsr_reset, 0x20000000u);
    // r_reset: a value or unknown, each replacing the other
    EXPECT_EQ(parse_error("r_reset=unknown", &cfg), "");
    EXPECT_EQ(cfg.r_reset_unknown, 1);
    EXPECT_NE(format(cfg).find("r_reset=unknown,"), std::string::npos);
    EXPECT_EQ(parse_error("r_reset=7", &cfg), "");
    EXPECT_EQ(cfg.r_reset_unknown, 0);
    EXPECT_EQ(cfg.r_reset, 7u);
    // a later text overrides; within one text a key twice is an error, never "the last one wins"; empty items are
    // skipped; numbers are decimal unless written 0x (010 is ten, never octal); the record parses back to itself
    EXPECT_EQ(parse_error("num_irq=4,,num_irq=16", &cfg), "configuration key 'num_irq' given twice");
    EXPECT_EQ(parse_error("num_irq=4,,tail_chain=0", &cfg), "");
    EXPECT_EQ(cfg.num_irq, 4u);
    EXPECT_EQ(parse_error("num_irq=010", &cfg), "");
    EXPECT_EQ(cfg.num_irq, 10u);
    EXPECT_EQ(parse_error(kDefaults, &cfg), "");
    EXPECT_EQ(format(cfg), kDefaults);
    // the architecture and the memory map are recorded once they are not the defaults, at the end
    EXPECT_EQ(parse_error("arch=v7e-m,mem_map=mps2", &cfg), "");
    EXPECT_EQ(cfg.arch, M6_ARCH_V7EM);
    EXPECT_EQ(cfg.mem_map, M6_MEM_MAP_MPS2);
    EXPECT_EQ(format(cfg), std::string(kDefaults) + ",arch=v7e-m,mem_map=mps2");
    EXPECT_EQ(parse_error("arch=v7-m,mem_map=default", &cfg), "");
    EXPECT_EQ(format(cfg), std::string(kDefaults) + ",arch=v7-m");
    EXPECT_EQ(parse_error("arch=v6-m", &cfg), "");
    EXPECT_EQ(format(cfg), kDefaults);
}

TEST(Config, ErrorsNameTheKeyAndTheValue)
{
    struct {
        const char *text, *expect;
    } cases[] = {
        { "lr_reset=0x1ffffffff", "configuration lr_reset: '0x1ffffffff' is not a 32-bit value" },
        { "lr_reset=-1", "configuration lr_reset: '-1' is not a 32-bit value" },
        { "cpuid=abc", "configuration cpuid: 'abc' is not a 32-bit value" },
        { "mtb=2", "configuration mtb: '2' is not 0 or 1" },
        { "mtb_base=0xf0000010", "configuration mtb_base: '0xf0000010' is not a 4 KiB aligned 32-bit address" },
        { "mtb_base=0xe000e000", "configuration mtb_base: '0xe000e000' is not clear of code, SRAM, MTB SRAM" },
        { "mtb_base=0x20000000", "configuration mtb_base: '0x20000000' is not clear of" },
        { "num_irq=0", "configuration num_irq: '0' is not a number of interrupts (1-32)" },
        { "num_irq=33", "configuration num_irq: '33' is not a number of interrupts (1-32)" },
        { "systick=cycle", "configuration systick: 'cycle' is not insn or cycles" },
        { "tail_chain=yes", "configuration tail_chain: 'yes' is not 0 or 1" },
        { "late_arrival=", "configuration late_arrival: '' is not 0 or 1" },
        { "r_reset=x", "configuration r_reset: 'x' is not a 32-bit value or unknown" },
        { "r_reset=UNKNOWN", "configuration r_reset: 'UNKNOWN' is not a 32-bit value or unknown" },
        { "vtor=2", "configuration vtor: '2' is not 0 or 1" },
        { "syst_calib=0x100000000", "configuration syst_calib: '0x100000000' is not a 32-bit value" },
        { "sw_pend=dsb", "configuration sw_pend: 'dsb' is not store, barrier or next" },
        { "shcsr=2", "configuration shcsr: '2' is not 0 or 1" },
        { "apsr_reset=0xc0000001", "configuration apsr_reset: '0xc0000001' is not a value of N Z C V (bits 31:28 only) "
                                   "or unknown" },
        { "preset=cortex-m7", "configuration preset: 'cortex-m7' is not a preset (presets: cortex-m0, cortex-m0plus, "
                              "cortex-m3, cortex-m4)" },
        { "preset=cortex-m3,preset=cortex-m4", "configuration key 'preset' given twice" },
        { "abandon_unstack=on", "configuration abandon_unstack: 'on' is not 0 or 1" },
        { "arch=v7m", "configuration arch: 'v7m' is not v6-m, v7-m or v7e-m" },
        { "mem_map=an385", "configuration mem_map: 'an385' is not default or mps2" },
        { "nmi=pulse", "configuration nmi: 'pulse' is not edge or level" },
        { "lr_rst=0", "unknown configuration key 'lr_rst' (keys: lr_reset, cpuid, mtb, mtb_base, num_irq, systick, "
                      "tail_chain, late_arrival, r_reset, vtor, syst_calib, sw_pend, abandon_unstack, shcsr, "
                      "apsr_reset, arch, mem_map, nmi, preset)" },
        { "num_irq", "configuration item 'num_irq' has no value (expected key=value)" },
    };
    for (const auto &t : cases) EXPECT_NE(parse_error(t.text).find(t.expect), std::string::npos) << t.text << ": " << parse_error(t.text);
    // a rejected value leaves the option as it was
    m6_config cfg;
    m6_config_defaults(&cfg);
    tm_error err;
    EXPECT_EQ(m6_config_set(&cfg, "num_irq", "99", &err), TM_ERR_ARG);
    EXPECT_EQ(cfg.num_irq, 32u);
}

TEST(ConfigBehaviour, LrAtReset)
{
    for (uint32_t lr : { 0xffffffffu, 0x12345678u }) {
        Machine m({ 0x4670, 0xe7fe });  // mov r0, lr ; b .
        m.configure([&](m6_config &k) { k.lr_reset = lr; });
        ASSERT_EQ(m6_reset(m.c, nullptr), 0);
        EXPECT_EQ(m6_reg(m.c, TM_REG_LR), lr);
        m.run(1);
        EXPECT_EQ(m6_reg(m.c, TM_REG_R0), lr);
    }
}

TEST(ConfigBehaviour, Mps2MemoryMapIsFourMiBOfCodeAndOfSram)
{
    Machine m({ 0xe7fe });
    uint32_t v;
    EXPECT_EQ(m6_read(m.c, 0x00040000, 4, &v), -1) << "past the reference system's 256 KiB of code";
    EXPECT_EQ(m6_read(m.c, 0x20010000, 4, &v), -1) << "past its 64 KiB of SRAM";
    m.configure([&](m6_config &k) { k.mem_map = M6_MEM_MAP_MPS2; });
    EXPECT_EQ(m6_write(m.c, 0x003ffffc, 4, 0x12345678u), 0);
    EXPECT_EQ(read32(m.c, 0x003ffffc), 0x12345678u);
    EXPECT_EQ(m6_write(m.c, 0x203ffffc, 4, 0x9abcdef0u), 0);
    EXPECT_EQ(read32(m.c, 0x203ffffc), 0x9abcdef0u);
    EXPECT_EQ(m6_read(m.c, 0x00400000, 4, &v), -1);
    EXPECT_EQ(m6_read(m.c, 0x20400000, 4, &v), -1);
}

TEST(ConfigBehaviour, CpuidRead)
{
    Machine m({ 0xe7fe });
    EXPECT_EQ(read32(m.c, 0xe000ed00), 0x410cc601u);
    m.configure([&](m6_config &k) { k.cpuid = 0x410cc200; });  // Cortex-M0 r0p0
    EXPECT_EQ(read32(m.c, 0xe000ed00), 0x410cc200u);
}

TEST(ConfigBehaviour, MtbAbsentIsUnmappedAndWritesNoPackets)
{
    // movs r0, #0xf0 ; lsls r0, r0, #24 ; str r0, [r0, #4] (MASTER.EN = 1) ; b next ; b next ; b .
    const std::vector<uint16_t> code = { 0x20f0, 0x0600, 0x6040, 0xe7ff, 0xe7ff, 0xe7fe };
    for (int present = 1; present >= 0; present--) {
        Machine m(code, { 0xe7fe });
        m.configure([&](m6_config &k) { k.mtb = present; });
        int packets = 0;
        m6_on_mtb_packet(m.c, [](void *ctx, uint64_t, uint32_t, uint32_t) { ++*static_cast<int *>(ctx); }, &packets);
        ASSERT_EQ(m6_reset(m.c, nullptr), 0);
        m.run(6);
        uint32_t v;
        if (present) {
            EXPECT_EQ(m.ipsr(), 0u);
            EXPECT_EQ(read32(m.c, 0xf0000004), 0x80000000u);
            EXPECT_EQ(read32(m.c, 0xf000000c), 0x24000000u);
            EXPECT_NE(m6_mem_ptr(m.c, 0x24000000, 8), nullptr);
            EXPECT_GT(packets, 0);
        } else {
            EXPECT_EQ(m.ipsr(), 3u) << "the store to MASTER is a bus error: HardFault";
            EXPECT_EQ(m6_read(m.c, 0xf0000004, 4, &v), -1);
            EXPECT_EQ(m6_write(m.c, 0xf0000004, 4, 0x80000000u), -1);
            EXPECT_EQ(m6_read(m.c, 0x24000000, 4, &v), -1);
            EXPECT_EQ(m6_write(m.c, 0x24000000, 1, 0), -1);
            EXPECT_EQ(m6_mem_ptr(m.c, 0x24000000, 8), nullptr);
            EXPECT_EQ(packets, 0);
        }
    }
}

TEST(ConfigBehaviour, MtbBaseMovesTheSfrs)
{
    Machine m({ 0xe7fe });
    m.configure([&](m6_config &k) { k.mtb_base = 0x40000000; });
    uint32_t v;
    EXPECT_EQ(m6_write(m.c, 0x40000008, 4, 0x123), 0);
    EXPECT_EQ(read32(m.c, 0x40000008), 0x123u);  // FLOW
    EXPECT_EQ(read32(m.c, 0x4000000c), 0x24000000u);  // BASE: the SRAM stays
    EXPECT_EQ(m6_read(m.c, 0xf0000008, 4, &v), -1);  // the old place is unmapped
    EXPECT_EQ(m6_read(m.c, 0x40000010, 4, &v), -1);  // 16 bytes of SFRs, as before
}

TEST(ConfigBehaviour, UnimplementedInterruptsAreRazWi)
{
    Machine m({ 0xe7fe });
    m.configure([&](m6_config &k) { k.num_irq = 8; });
    ASSERT_EQ(m6_reset(m.c, nullptr), 0);
    for (uint32_t reg : { 0xe000e100u /* ISER */, 0xe000e200u /* ISPR */ }) {
        ASSERT_EQ(m6_write(m.c, reg, 4, 0xffffffffu), 0);
        EXPECT_EQ(read32(m.c, reg), 0xffu) << std::hex << reg;
        EXPECT_EQ(read32(m.c, reg + 0x80), 0xffu) << std::hex << reg + 0x80;  // ICER / ICPR read the same
    }
    ASSERT_EQ(m6_write(m.c, 0xe000e400, 4, 0xffffffffu), 0);  // IPR0: IRQ0-3, implemented
    ASSERT_EQ(m6_write(m.c, 0xe000e404, 4, 0xffffffffu), 0);  // IPR1: IRQ4-7
    ASSERT_EQ(m6_write(m.c, 0xe000e408, 4, 0xffffffffu), 0);  // IPR2: IRQ8-11, not implemented
    EXPECT_EQ(read32(m.c, 0xe000e400), 0xc0c0c0c0u);
    EXPECT_EQ(read32(m.c, 0xe000e404), 0xc0c0c0c0u);
    EXPECT_EQ(read32(m.c, 0xe000e408), 0u);
    ASSERT_EQ(m6_write(m.c, 0xe000e280, 4, 0xffffffffu), 0);  // clear all pending
    m6_set_pending(m.c, M6_EXC_IRQ0 + 9);                     // a source of IRQ9 that does not exist
    EXPECT_EQ(read32(m.c, 0xe000e200), 0u);
    m6_set_pending(m.c, M6_EXC_IRQ0 + 7);
    EXPECT_EQ(read32(m.c, 0xe000e200), 0x80u);
    // all 32: every bit is there
    Machine all({ 0xe7fe });
    ASSERT_EQ(m6_write(all.c, 0xe000e100, 4, 0xffffffffu), 0);
    EXPECT_EQ(read32(all.c, 0xe000e100), 0xffffffffu);
}

TEST(ConfigBehaviour, SystickCountsInstructionsOrTheEmbeddingsTicks)
{
    for (int cycles = 0; cycles < 2; cycles++) {
        Machine m({ 0xe7ff, 0xe7ff, 0xe7ff, 0xe7ff, 0xe7fe });  // b next x4 ; b .
        m.configure([&](m6_config &k) { k.systick = cycles ? M6_SYSTICK_CYCLES : M6_SYSTICK_INSN; });
        ASSERT_EQ(m6_reset(m.c, nullptr), 0);
        ASSERT_EQ(m6_write(m.c, 0xe000e014, 4, 100), 0);  // RVR
        ASSERT_EQ(m6_write(m.c, 0xe000e010, 4, 1), 0);    // CSR.ENABLE
        m.run(4);
        // insn: the first tick reloads 100 from 0, three more decrement; cycles: the steps do not tick
        EXPECT_EQ(read32(m.c, 0xe000e018), cycles ? 0u : 97u) << "cycles=" << cycles;
        m6_systick_tick(m.c);
        m6_systick_tick(m.c);
        EXPECT_EQ(read32(m.c, 0xe000e018), cycles ? 99u : 95u) << "cycles=" << cycles;
    }
}

// ",program=<16 hex digits>": the identity a golden of the program records after its configuration.
std::string program_identity(const std::string &elf)
{
    char buf[40];
    snprintf(buf, sizeof buf, ",program=%016llx", (unsigned long long)elf_image_hash(elf));
    return buf;
}

TEST(ConfigCli, RecordsTheConfigurationInTheGzipHeader)
{
    std::string b = TM_BUILD_DIR, iss = b + "/bin/armv6m-iss", elf = b + "/programs/hello.elf";
    std::string dir = b + "/tmp";
    (void)!system(("mkdir -p " + dir).c_str());
    std::string gz = dir + "/cfg_" + std::to_string(getpid()) + ".tarmac.gz";
    CommandOutput o = run_command(iss + " --quiet --config lr_reset=0x12345678,num_irq=8 --config mtb_base=0x40000000 "
                                        "--config num_irq=4 --tarmac " + gz + " " + elf + " > /dev/null");
    ASSERT_EQ(o.status, 0) << o.text;
    tm_error e;
    tm_reader *r = tm_reader_open(gz.c_str(), nullptr, &e);
    ASSERT_NE(r, nullptr) << e.msg;
    ASSERT_NE(tm_reader_gzip_comment(r), nullptr);
    EXPECT_EQ(std::string(tm_reader_gzip_comment(r)), "lr_reset=0x12345678,cpuid=0x410cc601,mtb=1,mtb_base=0x40000000,"
                                                      "num_irq=4,systick=insn,tail_chain=0,late_arrival=0,r_reset=0x00000000,"
                                                      "vtor=1,syst_calib=0x00000000,sw_pend=store,abandon_unstack=0,"
                                                      "shcsr=1,apsr_reset=0x00000000" +
                                                          program_identity(elf));
    tm_reader_close(r);
    // the defaults are recorded too
    o = run_command(iss + " --quiet --tarmac " + gz + " " + elf + " > /dev/null");
    ASSERT_EQ(o.status, 0) << o.text;
    r = tm_reader_open(gz.c_str(), nullptr, &e);
    ASSERT_NE(r, nullptr) << e.msg;
    EXPECT_EQ(std::string(tm_reader_gzip_comment(r)), kDefaults + program_identity(elf));
    tm_reader_close(r);
    unlink(gz.c_str());
    // plain text cannot: the model says so when a configuration was given
    std::string txt = dir + "/cfg_" + std::to_string(getpid()) + ".tarmac";
    o = run_command(iss + " --quiet --config num_irq=4 --tarmac " + txt + " " + elf);
    EXPECT_EQ(o.status, 0) << o.text;
    EXPECT_NE(o.text.find("note: a plain-text trace cannot record the configuration"), std::string::npos) << o.text;
    unlink(txt.c_str());
}

TEST(ConfigCli, ErrorsAndHelp)
{
    std::string b = TM_BUILD_DIR, iss = b + "/bin/armv6m-iss", elf = b + "/programs/hello.elf";
    CommandOutput o = run_command(iss + " --config num_irq=40 " + elf);
    EXPECT_EQ(o.status, 2);
    EXPECT_NE(o.text.find("armv6m-iss: --config: configuration num_irq: '40' is not a number of interrupts (1-32)"),
              std::string::npos)
        << o.text;
    o = run_command(iss + " --config lr=1 " + elf);
    EXPECT_EQ(o.status, 2);
    EXPECT_NE(o.text.find("unknown configuration key 'lr'"), std::string::npos) << o.text;
    o = run_command(iss + " --config systick=cycles " + elf);
    EXPECT_EQ(o.status, 2);
    EXPECT_NE(o.text.find("systick=cycles needs a caller that supplies SysTick ticks"), std::string::npos) << o.text;
    o = run_command(iss + " --help");
    EXPECT_EQ(o.status, 0);
    for (size_t i = 0; m6_config_at(i); i++)
        EXPECT_NE(o.text.find(std::string("  ") + m6_config_at(i)->key + " "), std::string::npos) << m6_config_at(i)->key;
    EXPECT_NE(o.text.find("--config K=V"), std::string::npos) << o.text;
}
