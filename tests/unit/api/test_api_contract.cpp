// The C API's contract for every exported call (the public headers dpi/include/tarmac/*.h, model/armv6m.h,
// model/config.h, model/cosim.h): a NULL handle, a NULL pointer argument or an argument out of its range is
// refused (an error status, a zero, NULL or "" result, or nothing done), never a crash. Each call runs in a child
// process of its own with such arguments, so that one crash names its call and the others still run. The list of
// calls is read from the headers: a call added without its entry here fails the test.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdarg>
#include <fstream>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "armv6m.h"
#include "config.h"
#include "cosim.h"
#include "tarmac/checker.h"
#include "tarmac/diff.h"
#include "tarmac/elf.h"
#include "tarmac/error.h"
#include "tarmac/input.h"
#include "tarmac/mtb.h"
#include "tarmac/number.h"
#include "tarmac/outfile.h"
#include "tarmac/parse.h"
#include "tarmac/plusargs.h"
#include "tarmac/reader.h"
#include "tarmac/record.h"
#include "tarmac/regs.h"
#include "tarmac/thumb.h"
#include "tarmac/version.h"
#include "tarmac/writer.h"

namespace {

// The functions a header declares, as tests/repo/test_layout.sh reads them: a line at column 0 that is no
// directive, typedef, static or brace, naming a function before '('.
std::set<std::string> declared()
{
    std::set<std::string> out;
    std::vector<std::string> headers = { "model/armv6m.h", "model/config.h", "model/cosim.h" };
    for (const char *h : { "checker", "diff", "elf", "error", "input", "mtb", "number", "outfile", "parse", "plusargs",
                           "reader", "record", "regs", "thumb", "thumb_encodings", "version", "writer" })
        headers.push_back(std::string("dpi/include/tarmac/") + h + ".h");
    const std::regex fn(R"(^[A-Za-z_][\w\s\*]*?\b([a-z]\w*)\s*\()");
    for (const std::string &h : headers) {
        std::ifstream in(std::string(TM_SOURCE_DIR) + "/" + h);
        std::stringstream ss;
        ss << in.rdbuf();
        std::string text = std::regex_replace(ss.str(), std::regex(R"(/\*[\s\S]*?\*/)"), "");
        std::istringstream lines(text);
        std::string line;
        std::smatch m;
        while (std::getline(lines, line)) {
            if (line.empty() || std::string(" \t#}{").find(line[0]) != std::string::npos) continue;
            if (line.rfind("static", 0) == 0 || line.rfind("typedef", 0) == 0) continue;
            if (std::regex_search(line, m, fn)) out.insert(m[1]);
        }
    }
    return out;
}

int vset(tm_error *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = tm_error_vset(e, TM_ERR_ARG, nullptr, 0, fmt, ap);
    va_end(ap);
    return rc;
}

// Each call with the arguments its contract refuses; the child checks nothing but that it returns.
const std::map<std::string, std::function<void()>> &calls()
{
    static char buf[64];
    static tm_error e;
    static uint32_t u32;
    static uint64_t u64;
    static size_t sz;
    static const std::map<std::string, std::function<void()>> m = {
        // checker.h
        { "tc_open", [] { tc_open(nullptr, nullptr, nullptr); } },
        { "tc_open_with", [] { tc_open_with(nullptr, nullptr, nullptr, nullptr, 3, 0, nullptr); } },
        { "tc_option_at", [] { tc_option_at((size_t)-1); } },
        { "tc_option_keys", [] { tc_option_keys(nullptr, 0); } },
        { "tc_state_at", [] { tc_state_at((size_t)-1); } },
        { "tc_state_not_compared", [] { tc_state_not_compared(nullptr, buf, sizeof buf); } },
        { "tc_set_time", [] { tc_set_time(nullptr, 1); } },
        { "tc_reg_write", [] { tc_reg_write(nullptr, -1, 0); } },
        { "tc_snapshot", [] { tc_snapshot(nullptr, nullptr, ~0u); } },
        { "tc_ahb_beat", [] { tc_ahb_beat(nullptr, 0, -1, -1, -1, 0, -1); } },
        { "tc_mtb_packet", [] { tc_mtb_packet(nullptr, 0, 0); } },
        { "tc_mtb_packet_at", [] { tc_mtb_packet_at(nullptr, 0, 0, 0); } },
        { "tc_retire", [] { tc_retire(nullptr, 0, 0, -1, -1); } },
        { "tc_exception", [] { tc_exception(nullptr, -1, 0); } },
        { "tc_irq_lines", [] { tc_irq_lines(nullptr, 0, -1); } },
        { "tc_systick_ticks", [] { tc_systick_ticks(nullptr, 0); } },
        { "tc_mem_write", [] { tc_mem_write(nullptr, 1, 3, 0); } },
        { "tc_halted", [] { tc_halted(nullptr); } },
        { "tc_finish", [] { tc_finish(nullptr); } },
        { "tc_report", [] { tc_report(nullptr); } },
        { "tc_report_unread", [] { tc_report_unread(nullptr); } },
        { "tc_get_counters", [] { tc_get_counters(nullptr, nullptr); } },
        { "tc_close", [] { tc_close(nullptr); } },
        // diff.h
        { "tm_ignore_parse", [] { tm_ignore_parse(nullptr, nullptr, nullptr); } },
        { "tm_diff_records", [] { tm_diff_records(nullptr, nullptr, 0, nullptr, 0); } },
        { "tm_step_opens", [] { tm_step_opens(nullptr, nullptr); } },
        { "tm_event_entry", [] { tm_event_entry(nullptr); } },
        { "tm_step_cmp_new", [] { tm_step_cmp_free(tm_step_cmp_new()); } },
        { "tm_step_cmp_free", [] { tm_step_cmp_free(nullptr); } },
        { "tm_diff_steps", [] { tm_diff_steps(nullptr, nullptr, 1, nullptr, 1, 0, 0, nullptr, nullptr, nullptr, 0); } },
        { "tm_step_cmp_notes", [] { tm_step_cmp_notes(nullptr, nullptr); } },
        // elf.h
        { "tm_elf_open", [] { tm_elf_open(nullptr, nullptr); } },
        { "tm_elf_close", [] { tm_elf_close(nullptr); } },
        { "tm_elf_entry", [] { tm_elf_entry(nullptr); } },
        { "tm_elf_segment_count", [] { tm_elf_segment_count(nullptr); } },
        { "tm_elf_segment_at", [] { tm_elf_segment_at(nullptr, 0); } },
        { "tm_elf_words", [] { tm_elf_words(nullptr, nullptr); } },
        { "tm_elf_image_hash", [] { tm_elf_image_hash(nullptr, nullptr); } },
        { "tm_elf_symbol_count", [] { tm_elf_symbol_count(nullptr); } },
        { "tm_elf_symbol_at", [] { tm_elf_symbol_at(nullptr, 0); } },
        { "tm_elf_symbol_named", [] { tm_elf_symbol_named(nullptr, nullptr); } },
        { "tm_elf_symbol_holding", [] { tm_elf_symbol_holding(nullptr, 0); } },
        { "tm_elf_symbol_nearest", [] { tm_elf_symbol_nearest(nullptr, 0); } },
        { "tm_elf_symbolize", [] { tm_elf_symbolize(nullptr, 0, nullptr, 0); } },
        // error.h
        { "tm_error_format", [] { tm_error_format(nullptr, nullptr, 0); } },
        { "tm_error_file", [] { tm_error_file(nullptr, nullptr); } },
        { "tm_error_set", [] { tm_error_set(nullptr, TM_ERR_ARG, nullptr, 0, "%s", "x"); } },
        { "tm_error_vset", [] { vset(nullptr, "%s", "x"); } },
        // input.h
        { "tm_input_open", [] { tm_input_open(nullptr, 0, nullptr, nullptr); } },
        { "tm_input_read_all", [] { tm_input_read_all(nullptr, 0, 0, nullptr, nullptr, nullptr, nullptr); } },
        // mtb.h, number.h
        { "mtb_describe", [] { mtb_describe(nullptr, nullptr, 0); } },
        { "tm_parse_uint", [] { tm_parse_uint(nullptr, 99, 5, 1, nullptr); } },
        // outfile.h
        { "tm_same_file", [] { tm_same_file(nullptr, nullptr); } },
        { "tm_outfile_check", [] { tm_outfile_check(nullptr, nullptr, nullptr); } },
        { "tm_outfile_open", [] { tm_outfile_open(nullptr, nullptr, nullptr); } },
        { "tm_outfile_fd", [] { tm_outfile_fd(nullptr); } },
        { "tm_outfile_path", [] { tm_outfile_path(nullptr); } },
        { "tm_outfile_writing", [] { tm_outfile_writing(nullptr); } },
        { "tm_outfile_write", [] { tm_outfile_write(nullptr, nullptr, 5, nullptr); } },
        { "tm_outfile_stream", [] { tm_outfile_stream(nullptr, nullptr); } },
        { "tm_outfile_commit", [] { tm_outfile_commit(nullptr, nullptr); } },
        { "tm_outfile_discard", [] { tm_outfile_discard(nullptr); } },
        { "tm_outfile_put", [] { tm_outfile_put(nullptr, nullptr, nullptr, 5, nullptr); } },
        // parse.h
        { "tm_parse_line", [] { tm_parse_line(nullptr, 5, nullptr, nullptr); } },
        { "tm_parse_line_in", [] { tm_parse_line_in(nullptr, nullptr, 5, nullptr, nullptr); } },
        { "tm_parse_more_in", [] { tm_parse_more_in(nullptr, nullptr, 5, nullptr, nullptr); } },
        // plusargs.h
        { "tm_plusargs_check", [] { tm_plusargs_check(2, nullptr, nullptr, 2, nullptr, 0); } },
        // reader.h
        { "tm_reader_open", [] { tm_reader_open(nullptr, nullptr, nullptr); } },
        { "tm_reader_close", [] { tm_reader_close(nullptr); } },
        { "tm_reader_next_line", [] { tm_reader_next_line(nullptr, nullptr, nullptr, nullptr); } },
        { "tm_reader_next", [] { tm_reader_next(nullptr, nullptr, nullptr); } },
        { "tm_reader_line", [] { tm_reader_line(nullptr); } },
        { "tm_reader_offset", [] { tm_reader_offset(nullptr); } },
        { "tm_reader_skipped", [] { tm_reader_skipped(nullptr); } },
        { "tm_reader_line_text", [] { tm_reader_line_text(nullptr, nullptr); } },
        { "tm_profile_parse", [] { tm_profile_parse(nullptr, nullptr); } },
        { "tm_reg_is_name", [] { tm_reg_is_name(tm_str{ nullptr, 5 }); } },
        { "tm_reader_path", [] { tm_reader_path(nullptr); } },
        { "tm_reader_is_gzip", [] { tm_reader_is_gzip(nullptr); } },
        { "tm_reader_compressed_offset", [] { tm_reader_compressed_offset(nullptr); } },
        { "tm_reader_file_size", [] { tm_reader_file_size(nullptr); } },
        { "tm_reader_check_member", [] { tm_reader_check_member(nullptr, 1, nullptr, nullptr); } },
        { "tm_reader_gzip_comment", [] { tm_reader_gzip_comment(nullptr); } },
        // record.h, regs.h
        { "tm_kind_name", [] { tm_kind_name((tm_kind)-1); } },
        { "tm_info_field", [] { tm_info_field(nullptr, nullptr, nullptr); } },
        { "tm_record_equal", [] { tm_record_equal(nullptr, nullptr); } },
        { "tm_reg_id", [] { tm_reg_id(tm_str{ nullptr, 5 }, tm_str{ nullptr, 5 }); } },
        { "tm_reg_id_of", [] { tm_reg_id_of(nullptr); } },
        { "tm_reg_name", [] { tm_reg_name(-1), tm_reg_name(1 << 20); } },
        { "tm_reg_classify", [] { tm_reg_classify(tm_str{ nullptr, 5 }, nullptr); } },
        { "tm_profile_name", [] { tm_profile_name(~0u); } },
        // thumb.h, version.h
        { "thumb_decode", [] { thumb_decode(~0u, -1); } },
        { "thumb_decode16_table", [] { thumb_decode16_table(); } },
        { "thumb_decode_arch", [] { thumb_decode_arch(~0u, -1, ~0u); } },
        { "thumb_syntax_fields", [] { EXPECT_EQ(thumb_syntax_fields(~0u), nullptr); } },
        { "thumb_decode16_table_arch", [] { thumb_decode16_table_arch(~0u); } },
        { "thumb_writes_pc", [] { thumb_writes_pc(~0u, -1); } },
        { "tm_version", [] { tm_version(); } },
        // writer.h
        { "tm_dialect_from_name", [] { tm_dialect_from_name(nullptr); } },
        { "tm_dialect_name", [] { tm_dialect_name((tm_dialect)-1); } },
        { "tm_format", [] { tm_format(nullptr, (tm_dialect)-1, nullptr, 0); } },
        { "tm_out_open", [] { tm_out_open(nullptr, nullptr, nullptr); } },
        { "tm_out_record", [] { tm_out_record(nullptr, nullptr, (tm_dialect)-1, nullptr); } },
        { "tm_out_write", [] { tm_out_write(nullptr, nullptr, 5, nullptr); } },
        { "tm_out_close", [] { tm_out_close(nullptr, nullptr); } },
        // model/armv6m.h
        { "m6_create", [] { m6_destroy(m6_create(nullptr)); } },
        { "m6_destroy", [] { m6_destroy(nullptr); } },
        { "m6_get_config", [] { m6_get_config(nullptr); } },
        { "m6_set_config", [] { m6_set_config(nullptr, nullptr); } },
        { "m6_load_elf", [] { m6_load_elf(nullptr, nullptr, nullptr); } },
        { "m6_reset", [] { m6_reset(nullptr, nullptr); } },
        { "m6_step", [] { m6_step(nullptr); } },
        { "m6_run", [] { m6_run(nullptr, 5); } },
        { "m6_stopped", [] { m6_stopped(nullptr); } },
        { "m6_exit_code", [] { m6_exit_code(nullptr); } },
        { "m6_stop_reason", [] { m6_stop_reason(nullptr); } },
        { "m6_icount", [] { m6_icount(nullptr); } },
        { "m6_steps", [] { m6_steps(nullptr); } },
        { "m6_last_encoding", [] { m6_last_encoding(nullptr); } },
        { "m6_reg", [] { m6_reg(nullptr, -1); } },
        { "m6_set_reg", [] { m6_set_reg(nullptr, -1, 0); } },
        { "m6_xpsr", [] { m6_xpsr(nullptr); } },
        { "m6_msp", [] { m6_msp(nullptr); } },
        { "m6_psp", [] { m6_psp(nullptr); } },
        { "m6_reg_unknown", [] { m6_reg_unknown(nullptr, -1); } },
        { "m6_take_value", [] { m6_take_value(nullptr, -1, 0); } },
        { "m6_read", [] { m6_read(nullptr, 0, 3, nullptr); } },
        { "m6_write", [] { m6_write(nullptr, 0, 3, 0); } },
        { "m6_mem_ptr", [] { m6_mem_ptr(nullptr, 0, ~0u); } },
        { "m6_scs_read", [] { m6_scs_read(nullptr, 0, nullptr); } },
        { "m6_scs_write", [] { m6_scs_write(nullptr, 0, 0); } },
        { "m6_exec_priority", [] { m6_exec_priority(nullptr); } },
        { "m6_special", [] { EXPECT_EQ(m6_special(nullptr, 19), 0u); } },
        { "m6_memory_map", [] { EXPECT_EQ(m6_memory_map(nullptr, nullptr), 0u); } },
        { "m6_priority", [] { m6_priority(nullptr, ~0u); } },
        { "m6_set_pending", [] { m6_set_pending(nullptr, ~0u); } },
        { "m6_is_pending", [] { m6_is_pending(nullptr, ~0u); } },
        { "m6_active", [] { m6_active(nullptr); } },
        { "m6_preempting", [] { m6_preempting(nullptr); } },
        { "m6_enter_exception", [] { m6_enter_exception(nullptr, ~0u, 0); } },
        { "m6_fault_due", [] { m6_fault_due(nullptr); } },
        { "m6_tail_chain_to", [] { m6_tail_chain_to(nullptr); } },
        { "m6_tail_chain", [] { m6_tail_chain(nullptr, ~0u); } },
        { "m6_systick_tick", [] { m6_systick_tick(nullptr); } },
        { "m6_systick_ticks", [] { m6_systick_ticks(nullptr, 5); } },
        { "m6_set_live", [] { m6_set_live(nullptr, 1); } },
        { "m6_set_live_chain", [] { m6_set_live_chain(nullptr, 1); } },
        { "m6_set_volatile", [] { m6_set_volatile(nullptr, nullptr, 5, nullptr, nullptr); } },
        { "m6_irq_lines", [] { m6_irq_lines(nullptr, ~0u, -1); } },
        { "m6_irq_levels", [] { m6_irq_levels(nullptr, nullptr); } },
        { "m6_irq_lines_before_entry", [] { m6_irq_lines_before_entry(nullptr, ~0u, -1, ~0u); } },
        { "m6_systick_ticks_before_entry", [] { m6_systick_ticks_before_entry(nullptr, 5); } },
        { "m6_irq_sample", [] { m6_irq_sample(nullptr); } },
        { "m6_entry_illegal", [] { m6_entry_illegal(nullptr, ~0u, nullptr, 0); } },
        { "m6_exception_name", [] { m6_exception_name(-1, nullptr, 5); } },
        { "m6_priority_text", [] { m6_priority_text(-5, nullptr, 5); } },
        { "m6_pending", [] { m6_pending(nullptr); } },
        { "m6_set_console", [] { m6_set_console(nullptr, nullptr); } },
        { "m6_trace_to", [] { m6_trace_to(nullptr, nullptr, (tm_dialect)-1); } },
        { "m6_trace_to_sink", [] { m6_trace_to_sink(nullptr, nullptr, nullptr, 0); } },
        { "m6_trace_status", [] { m6_trace_status(nullptr, nullptr); } },
        { "m6_golden_record", [] { m6_golden_record(nullptr, nullptr, nullptr, 0, nullptr); } },
        { "m6_on_mtb_packet", [] { m6_on_mtb_packet(nullptr, nullptr, nullptr); } },
        { "m6_disasm", [] { m6_disasm(0, ~0u, -1, nullptr, 0); } },
        { "m6_disasm_arch", [] { m6_disasm_arch(0, ~0u, -1, ~0u, nullptr, 0); } },
        // model/config.h
        { "m6_config_at", [] { m6_config_at((size_t)-1); } },
        { "m6_config_index", [] { m6_config_index(nullptr); } },
        { "m6_config_omits_default", [] { m6_config_omits_default(nullptr); } },
        { "m6_config_preset", [] { m6_config_preset(nullptr); } },
        { "m6_config_defaults", [] { m6_config_defaults(nullptr); } },
        { "m6_config_set", [] { m6_config_set(nullptr, nullptr, nullptr, nullptr); } },
        { "m6_config_parse", [] { m6_config_parse(nullptr, nullptr, nullptr); } },
        { "m6_config_value", [] { m6_config_value(nullptr, nullptr, nullptr, 0); } },
        { "m6_config_format", [] { m6_config_format(nullptr, nullptr, 0); } },
        // model/cosim.h
        { "m6_cosim_open", [] { m6_cosim_close(m6_cosim_open(nullptr, nullptr, 5, nullptr)); } },
        { "m6_cosim_reset", [] { m6_cosim_reset(nullptr, nullptr); } },
        { "m6_cosim_input", [] { m6_cosim_input(nullptr, nullptr); } },
        { "m6_cosim_step", [] { m6_cosim_step(nullptr, 0, nullptr); } },
        { "m6_cosim_take", [] { m6_cosim_take(nullptr, nullptr); } },
        { "m6_cosim_stopped", [] { m6_cosim_stopped(nullptr); } },
        { "m6_cosim_finish", [] { m6_cosim_finish(nullptr); } },
        { "m6_cosim_close", [] { m6_cosim_close(nullptr); } },
        { "m6_cosim_why_no_entry", [] { m6_cosim_why_no_entry(nullptr, nullptr, 0, nullptr, 0); } },
    };
    (void)e, (void)u32, (void)u64, (void)sz;
    return m;
}

}  // namespace

// Every exported call has its entry, and every entry is an exported call.
TEST(ApiContract, EveryExportedCallIsWalked)
{
    std::set<std::string> names = declared();
    EXPECT_GT(names.size(), 150u);
    for (const std::string &n : names) EXPECT_TRUE(calls().count(n)) << n << " has no entry: add its refused call";
    for (const auto &c : calls()) EXPECT_TRUE(names.count(c.first)) << c.first << " is no exported call";
}

// Each call, in a child of its own, with NULL and out-of-range arguments: it returns (the child exits 0).
TEST(ApiContract, NullAndInvalidArgumentsNeverCrash)
{
    std::string crashed;
    for (const auto &c : calls()) {
        fflush(nullptr);
        pid_t pid = fork();
        ASSERT_GE(pid, 0);
        if (pid == 0) {
            alarm(20);  // a call that hangs fails too
            c.second();
            _exit(0);
        }
        int status = 0;
        waitpid(pid, &status, 0);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
            crashed += " " + c.first + (WIFSIGNALED(status) ? "(signal " + std::to_string(WTERMSIG(status)) + ")" : "");
    }
    EXPECT_EQ(crashed, "") << "calls that crashed or hung on NULL or invalid arguments";
}
