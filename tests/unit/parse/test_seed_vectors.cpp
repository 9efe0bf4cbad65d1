// One line of each record shape of every dialect the parser reads (dpi/README.md, "Dialects") parses to its
// documented fields.
#include "parse_util.h"

TEST(SeedFastModels, InstructionA64WithPhysicalAddress)
{
    Parsed p("1939 clk cpu0 IT (1915) 0001129c:00001521129c d51bd061 O EL3h_s : MSR TPIDRRO_EL0,x1");
    EXPECT_PARSES(p);
    EXPECT_EQ(p.rec.kind, TM_REC_INSN);
    EXPECT_EQ(S(p.rec.h.time), "1939");
    EXPECT_EQ(S(p.rec.h.scale), "clk");
    EXPECT_EQ(p.rec.h.cpu_style, TM_CPU_NAMED);
    EXPECT_EQ(S(p.rec.h.cpu_text), "cpu0");
    EXPECT_EQ(p.rec.h.cpu, 0);
    const tm_insn &in = p.rec.u.insn;
    EXPECT_EQ(in.status, TM_INSN_IT);
    EXPECT_TRUE(in.has_id);
    EXPECT_EQ(in.id, 1915u);
    EXPECT_EQ(in.addr.va, 0x1129cu);
    EXPECT_TRUE(in.addr.has_pa);
    EXPECT_EQ(in.addr.pa, 0x1521129cu);
    EXPECT_FALSE(in.addr.pa_ns);
    EXPECT_EQ(in.opcode, 0xd51bd061u);
    EXPECT_EQ(in.opcode_digits, 8);
    EXPECT_EQ(S(in.iset), "O");
    EXPECT_EQ(S(in.mode), "EL3h");
    EXPECT_EQ(S(in.security), "s");
    EXPECT_EQ(S(in.disasm), "MSR TPIDRRO_EL0,x1");
}

TEST(SeedFastModels, RegisterWithColonSeparatedValue)
{
    Parsed p("1939 clk cpu0 R TPIDRRO_EL0 00000000:00000000");
    EXPECT_PARSES(p);
    EXPECT_EQ(p.rec.kind, TM_REC_REG);
    EXPECT_EQ(S(p.rec.u.reg.name), "TPIDRRO_EL0");
    EXPECT_EQ(p.rec.u.reg.value.v, 0u);
    EXPECT_EQ(p.rec.u.reg.value.digits, 16);
    EXPECT_EQ(p.rec.u.reg.value.sep, ':');
}

TEST(SeedFastModels, Register64Bit)
{
    Parsed p("1950 clk cpu0 R X1 000000000002305C");
    EXPECT_PARSES(p);
    EXPECT_EQ(p.rec.u.reg.value.v, 0x2305cu);
    EXPECT_EQ(p.rec.u.reg.value.digits, 16);
    EXPECT_EQ(p.rec.u.reg.value.sep, 0);
}

TEST(SeedFastModels, InstructionWithCommentInDisassembly)
{
    Parsed p("1940 clk cpu0 IT (1916) 000112a0:0000152112a0 d001c100 O EL3h_s : ADRP x0,{pc}+0x3822000 ; 0x38332a0");
    EXPECT_PARSES(p);
    EXPECT_EQ(S(p.rec.u.insn.disasm), "ADRP x0,{pc}+0x3822000 ; 0x38332a0");
}

TEST(SeedFastModels, CacheContent)
{
    Parsed p("1947 clk cpu0 CACHE cpu.cpu0.l1icache LINE 0096 ALLOC 0x0000152112c0");
    EXPECT_PARSES(p);
    EXPECT_EQ(p.rec.kind, TM_REC_CACHE);
    EXPECT_EQ(S(p.rec.u.cache.id), "cpu.cpu0.l1icache");
    EXPECT_EQ(S(p.rec.u.cache.line), "0096");
    EXPECT_EQ(S(p.rec.u.cache.operation), "ALLOC");
    EXPECT_EQ(p.rec.u.cache.paddr.va, 0x152112c0u);
    Parsed q("1947 clk cpu0 CACHE Validation_ARMAEMv8AMPCT.cpu.l2_cache LINE 04b0 ALLOC 0x0000152112c0");
    EXPECT_PARSES(q);
    EXPECT_EQ(S(q.rec.u.cache.id), "Validation_ARMAEMv8AMPCT.cpu.l2_cache");
}

TEST(SeedFastModels, MemoryRead64WithUnderscore)
{
    Parsed p("1948 clk cpu0 MR8 00011540:000015211540 00000000_13000000");
    EXPECT_PARSES(p);
    const tm_mem &m = p.rec.u.mem;
    EXPECT_EQ(p.rec.kind, TM_REC_MEM);
    EXPECT_EQ(m.shape, TM_MEM_FM);
    EXPECT_FALSE(m.write);
    EXPECT_EQ(m.size, 8);
    EXPECT_EQ(m.addr.va, 0x11540u);
    EXPECT_EQ(m.addr.pa, 0x15211540u);
    EXPECT_EQ(m.data.v, 0x13000000u);
    EXPECT_EQ(m.data.sep, '_');
}

TEST(SeedFastModels, MemoryWriteNonSecure)
{
    Parsed p("1953 clk cpu0 MW8 0620e000:00001600e000_NS 00000000_13000000");
    EXPECT_PARSES(p);
    EXPECT_TRUE(p.rec.u.mem.write);
    EXPECT_TRUE(p.rec.u.mem.addr.pa_ns);
    EXPECT_EQ(p.rec.u.mem.addr.pa, 0x1600e000u);
}

TEST(SeedFastModels, TranslationTableWalk)
{
    Parsed p("1951 clk cpu0 TTW ITLB LPAE 1:3 000016390010 00000000152204c3 : BLOCK ATTRIDX=0 NS=0 AP=3 SH=0 AF=1 "
             "nG=0 16E=0 PXN=0 XN=0 ADDR=0x0000000015220000");
    EXPECT_PARSES(p);
    const tm_ttw &t = p.rec.u.ttw;
    EXPECT_EQ(p.rec.kind, TM_REC_TTW);
    EXPECT_FALSE(t.update);
    EXPECT_EQ(S(t.side), "ITLB");
    EXPECT_EQ(S(t.format), "LPAE");
    EXPECT_EQ(t.stage, 1);
    EXPECT_EQ(t.level, 3);
    EXPECT_EQ(t.address.v, 0x16390010u);
    EXPECT_EQ(t.data.v, 0x152204c3u);
    EXPECT_EQ(S(t.result).substr(0, 16), "BLOCK ATTRIDX=0 ");
}

TEST(SeedFastModels, TlbFill)
{
    Parsed p("1951 clk cpu0 TLB FILL cpu.cpu0.ITLB 64K 0x00020000, nG asid=0:0x0015220000 Normal NonShareable "
             "Inner=WriteBackWriteAllocate Outer=WriteBackWriteAllocate xn=0 pxn=0 ContiguousHint =0");
    EXPECT_PARSES(p);
    EXPECT_EQ(p.rec.kind, TM_REC_TLB);
    EXPECT_FALSE(p.rec.u.tlb.walkcache);
    EXPECT_FALSE(p.rec.u.tlb.evict);
    EXPECT_EQ(S(p.rec.u.tlb.id), "cpu.cpu0.ITLB");
    EXPECT_EQ(S(p.rec.u.tlb.size), "64K");
    EXPECT_EQ(S(p.rec.u.tlb.rest).substr(0, 12), "0x00020000, ");
}

TEST(SeedFastModels, SveLinesWithoutTime)
{
    Parsed p("clk cpu0 IT (8439) 000282c0:0000152282c0_NS 053fc01f O EL1h_n : SEL      z31.B,p0,z0.B,z31.B");
    EXPECT_PARSES(p);
    EXPECT_EQ(S(p.rec.h.time), "");
    EXPECT_EQ(S(p.rec.h.scale), "clk");
    EXPECT_EQ(p.rec.u.insn.id, 8439u);
    EXPECT_TRUE(p.rec.u.insn.addr.pa_ns);
    EXPECT_EQ(S(p.rec.u.insn.mode), "EL1h");
    EXPECT_EQ(S(p.rec.u.insn.security), "n");
    Parsed z("8463 clk cpu0 R z31 00000000_00000000_00000000_00000000");
    EXPECT_PARSES(z);
    EXPECT_EQ(z.rec.u.reg.value.digits, 32);
    EXPECT_EQ(S(z.rec.u.reg.value.text), "00000000_00000000_00000000_00000000");
    Parsed pr("9756 clk cpu0 R p0 ffff");
    EXPECT_PARSES(pr);
    EXPECT_EQ(pr.rec.u.reg.value.v, 0xffffu);
}

TEST(SeedCortexM, InstructionWithTag)
{
    Parsed p("     315760 ns IT (000007e8:0000247c) 000007e8     2900 T16 CMP      r1,#0");
    EXPECT_PARSES(p);
    const tm_insn &in = p.rec.u.insn;
    EXPECT_EQ(S(p.rec.h.time), "315760");
    EXPECT_EQ(S(p.rec.h.scale), "ns");
    EXPECT_EQ(p.rec.h.cpu, -1);
    EXPECT_FALSE(in.has_id);
    EXPECT_EQ(S(in.tag), "000007e8:0000247c");
    EXPECT_EQ(in.addr.va, 0x7e8u);
    EXPECT_EQ(in.opcode, 0x2900u);
    EXPECT_EQ(S(in.iset), "T16");
    EXPECT_EQ(S(in.disasm), "CMP      r1,#0");
}

TEST(SeedCortexM, RegisterEventBusMemory)
{
    Parsed r("                12 ns R r9 0000000a");
    EXPECT_PARSES(r);
    EXPECT_EQ(S(r.rec.u.reg.name), "r9");
    EXPECT_EQ(r.rec.u.reg.value.v, 10u);
    Parsed e("                4000 ns E Reset");
    EXPECT_PARSES(e);
    EXPECT_EQ(e.rec.kind, TM_REC_EVENT);
    EXPECT_EQ(S(e.rec.u.event.desc), "Reset");
    EXPECT_FALSE(e.rec.u.event.has_value);
    Parsed h("5000 ns E HardFault");
    EXPECT_PARSES(h);
    EXPECT_EQ(S(h.rec.u.event.desc), "HardFault");

    Parsed b1("                 100 ns BNR4___I 00000000 00000a44");
    EXPECT_PARSES(b1);
    EXPECT_EQ(b1.rec.kind, TM_REC_BUS);
    EXPECT_EQ(b1.rec.u.bus.shape, TM_BUS_RTL);
    EXPECT_EQ(b1.rec.u.bus.seq, 'N');
    EXPECT_FALSE(b1.rec.u.bus.write);
    EXPECT_EQ(b1.rec.u.bus.size, 4);
    EXPECT_EQ(b1.rec.u.bus.fd, '_');
    EXPECT_EQ(b1.rec.u.bus.sec, 'I');
    EXPECT_EQ(b1.rec.u.bus.data.v, 0xa44u);
    Parsed b2("                 140 ns BNR4O__I 00000838 f0018800");
    EXPECT_PARSES(b2);
    EXPECT_EQ(b2.rec.u.bus.fd, 'O');
    Parsed b3("                 830 ns BNW1___D 00400000 74");
    EXPECT_PARSES(b3);
    EXPECT_TRUE(b3.rec.u.bus.write);
    EXPECT_EQ(b3.rec.u.bus.size, 1);
    EXPECT_EQ(b3.rec.u.bus.data.v, 0x74u);
    Parsed b4("                3750 ns BNW4___S 203ffff8 00000000");
    EXPECT_PARSES(b4);
    EXPECT_EQ(b4.rec.u.bus.sec, 'S');

    Parsed m("                 830 ns MNW1___D 00400000 74");
    EXPECT_PARSES(m);
    EXPECT_EQ(m.rec.kind, TM_REC_MEM);
    EXPECT_EQ(m.rec.u.mem.shape, TM_MEM_RTL);
    EXPECT_EQ(m.rec.u.mem.pt, 'D');
    EXPECT_EQ(m.rec.u.mem.addr.va, 0x400000u);
}

TEST(SeedQemu4v, BareCpuInstructionMemoryRegister)
{
    Parsed p("1 clk 0 IT (1) 00000004 3c080001 A svc : lui t0,0x1");
    EXPECT_PARSES(p);
    EXPECT_EQ(p.rec.h.cpu_style, TM_CPU_BARE);
    EXPECT_EQ(p.rec.h.cpu, 0);
    EXPECT_EQ(S(p.rec.u.insn.iset), "A");
    EXPECT_EQ(S(p.rec.u.insn.mode), "svc");
    EXPECT_EQ(S(p.rec.u.insn.security), "");
    EXPECT_EQ(S(p.rec.u.insn.disasm), "lui t0,0x1");
    Parsed m("10 clk MR8 00103fc4 0010400000000000");
    EXPECT_PARSES(m);
    EXPECT_EQ(m.rec.u.mem.size, 8);
    EXPECT_EQ(m.rec.u.mem.data.v, 0x0010400000000000ull);
    Parsed r("14 clk R r8 00000000");
    EXPECT_PARSES(r);
    EXPECT_EQ(S(r.rec.u.reg.name), "r8");
}

TEST(RealProducers, FastModelsCortexM)
{
    Parsed e("0 clk E 000080ac 00000001 CoreEvent_RESET");
    EXPECT_PARSES(e);
    EXPECT_TRUE(e.rec.u.event.has_value);
    EXPECT_EQ(e.rec.u.event.value.va, 0x80acu);
    EXPECT_EQ(e.rec.u.event.number, 1u);
    EXPECT_EQ(S(e.rec.u.event.desc), "CoreEvent_RESET");
    Parsed mc("0 clk E 00000000 handler 00000019 CoreEvent_ModeChange");
    EXPECT_PARSES(mc);
    EXPECT_EQ(S(mc.rec.u.event.mode), "handler");
    EXPECT_EQ(mc.rec.u.event.number, 0x19u);
    Parsed r("0 clk R r13_main 464c457c");
    EXPECT_PARSES(r);
    EXPECT_EQ(S(r.rec.u.reg.name), "r13_main");
    Parsed msp("0 clk R MSP 464c457c");
    EXPECT_PARSES(msp);
    EXPECT_EQ(S(msp.rec.u.reg.name), "MSP");
    Parsed i("1 clk IT (1) 000080ac 2016 T thread : MOVS     r0,#0x16");
    EXPECT_PARSES(i);
    EXPECT_EQ(i.rec.h.cpu, -1);
    EXPECT_EQ(S(i.rec.u.insn.iset), "T");
    EXPECT_EQ(S(i.rec.u.insn.mode), "thread");
    EXPECT_EQ(S(i.rec.u.insn.disasm), "MOVS     r0,#0x16");
    Parsed is("7 clk IS (7) 000080b8 d001 T thread : BEQ      {pc}+6 ; 0x80be");
    EXPECT_PARSES(is);
    EXPECT_EQ(is.rec.u.insn.status, TM_INSN_IS);
    Parsed bl("161 clk IT (161) 000080ea f000fd3b T thread : BL       {pc}+0xa7a ; 0x8b64");
    EXPECT_PARSES(bl);
    EXPECT_EQ(bl.rec.u.insn.opcode, 0xf000fd3bu);
    EXPECT_EQ(bl.rec.u.insn.opcode_digits, 8);
    Parsed svc("12 clk E 000001f2 0000000b CoreEvent_SVCALL");
    EXPECT_PARSES(svc);
    EXPECT_EQ(svc.rec.u.event.number, 11u);
}

TEST(RealProducers, CortexM0RtlTracer)
{
    Parsed i("354ns IT 00000350 490d        LDR      r1,[pc,#52]  ; [0x388]");
    EXPECT_PARSES(i);
    EXPECT_EQ(S(i.rec.h.time), "354");
    EXPECT_EQ(S(i.rec.h.scale), "ns");
    EXPECT_TRUE(i.rec.h.scale_glued);
    EXPECT_FALSE(i.rec.u.insn.has_id);
    EXPECT_EQ(S(i.rec.u.insn.tag), "");
    EXPECT_EQ(S(i.rec.u.insn.iset), "");
    EXPECT_EQ(i.rec.u.insn.opcode, 0x490du);
    EXPECT_EQ(S(i.rec.u.insn.disasm), "LDR      r1,[pc,#52]  ; [0x388]");
    Parsed r("271ns R r13 20001fff (MSP)");
    EXPECT_PARSES(r);
    EXPECT_EQ(S(r.rec.u.reg.name), "r13");
    EXPECT_EQ(r.rec.u.reg.value.v, 0x20001fffu);
    EXPECT_EQ(S(r.rec.u.reg.suffix), "(MSP)");
    Parsed m("400ns MW4_D 20000ff8 12345678");
    EXPECT_PARSES(m);
    EXPECT_EQ(m.rec.u.mem.shape, TM_MEM_M0);
    EXPECT_TRUE(m.rec.u.mem.write);
    EXPECT_EQ(m.rec.u.mem.od, 'D');
    EXPECT_FALSE(m.rec.u.mem.error);
    Parsed f("410ns MR2_I 00000352 bf00");
    EXPECT_PARSES(f);
    EXPECT_EQ(f.rec.u.mem.od, 'I');
    Parsed err("420ns MR4ED 60000000 00000000");
    EXPECT_PARSES(err);
    EXPECT_TRUE(err.rec.u.mem.error);
    Parsed t("500ns E INT_TAKEN 0000000b");
    EXPECT_PARSES(t);
    EXPECT_EQ(S(t.rec.u.event.desc), "INT_TAKEN");
    EXPECT_TRUE(t.rec.u.event.has_arg);
    EXPECT_EQ(t.rec.u.event.arg, 11u);
    Parsed lk("900ns E LOCKUP");
    EXPECT_PARSES(lk);
    EXPECT_EQ(S(lk.rec.u.event.desc), "LOCKUP");
}

TEST(RealProducers, CortexM0PlusTracer)
{
    Parsed r("1166.177000us R PSP 20000800");
    EXPECT_PARSES(r);
    EXPECT_EQ(S(r.rec.h.time), "1166.177000");
    EXPECT_EQ(S(r.rec.h.scale), "us");
    EXPECT_TRUE(r.rec.h.scale_glued);
    Parsed h("12 hclk E INT_ENTRY 3");
    EXPECT_PARSES(h);
    EXPECT_EQ(S(h.rec.h.scale), "hclk");
    EXPECT_EQ(h.rec.u.event.arg, 3u);
    Parsed x("13 hclk E INT_EXIT");
    EXPECT_PARSES(x);
    Parsed c("14 hclk R CONTROL 00000002");
    EXPECT_PARSES(c);
}

TEST(RealProducers, Gem5AndProgramFlow)
{
    Parsed g("1000 clk IT (1) 00008000 e3a00000 A svc_ns : mov r0, #0");
    EXPECT_PARSES(g);
    EXPECT_EQ(S(g.rec.u.insn.mode), "svc");
    EXPECT_EQ(S(g.rec.u.insn.security), "ns");
    Parsed f("12 clk cpu0 FD (12) 000080b8 000080be T");
    EXPECT_PARSES(f);
    EXPECT_EQ(f.rec.kind, TM_REC_FLOW);
    EXPECT_FALSE(f.rec.u.flow.indirect);
    EXPECT_EQ(f.rec.u.flow.addr.va, 0x80b8u);
    EXPECT_EQ(f.rec.u.flow.target.va, 0x80beu);
    Parsed fi("13 clk cpu1 FI (13) 000080c0 00008b64 T");
    EXPECT_PARSES(fi);
    EXPECT_TRUE(fi.rec.u.flow.indirect);
    EXPECT_EQ(fi.rec.h.cpu, 1);
}

TEST(RealProducers, MemoryUpdateBusFastModelsAndCacheMaintenance)
{
    Parsed mu("20 clk cpu0 MU4_ADD 20000000 00000005");
    EXPECT_PARSES(mu);
    EXPECT_EQ(mu.rec.kind, TM_REC_MEM_UPDATE);
    EXPECT_EQ(mu.rec.u.mu.size, 4);
    EXPECT_EQ(S(mu.rec.u.mu.op), "ADD");
    Parsed b("21 clk cpu0 BR4D_PS IWRCB_ O____S 3 00001000 efbeadde");
    EXPECT_PARSES(b);
    EXPECT_EQ(b.rec.u.bus.shape, TM_BUS_FM);
    EXPECT_EQ(b.rec.u.bus.fd, 'D');
    EXPECT_EQ(b.rec.u.bus.priv, 'P');
    EXPECT_STREQ(b.rec.u.bus.inner, "WRCB_");
    EXPECT_STREQ(b.rec.u.bus.outer, "____S");
    EXPECT_EQ(S(b.rec.u.bus.master_id), "3");
    Parsed cm("22 clk cpu0 CACHE MAINTENANCE DCACHE CLEAN+INVALIDATE MVA-PoC 00001000:000000001000 4K Normal");
    EXPECT_PARSES(cm);
    EXPECT_EQ(cm.rec.kind, TM_REC_CACHE_MAINT);
    EXPECT_EQ(S(cm.rec.u.cmaint.side), "DCACHE");
    EXPECT_EQ(S(cm.rec.u.cmaint.rest), "00001000:000000001000 4K Normal");
    Parsed w("23 clk cpu0 WALKCACHE EVICT cpu.cpu0.wc 4K 0x00020000");
    EXPECT_PARSES(w);
    EXPECT_TRUE(w.rec.u.tlb.walkcache);
    EXPECT_TRUE(w.rec.u.tlb.evict);
}

TEST(Whitespace, TabsAndBlankAndCommentLines)
{
    Parsed p("\t1\tclk\tIT\t(1)\t000080ac\t2016\tT\tthread\t:\tMOVS r0,#0x16\t");
    EXPECT_PARSES(p);
    EXPECT_EQ(S(p.rec.u.insn.disasm), "MOVS r0,#0x16");
    Parsed blank("   \t ");
    EXPECT_PARSES(blank);
    EXPECT_EQ(blank.rec.kind, TM_REC_NONE);
    Parsed c("# a comment");
    EXPECT_PARSES(c);
    EXPECT_EQ(c.rec.kind, TM_REC_NONE);
}
