dpi/armv6m_tb_pkg.sv
dpi/armv6m_replay_pkg.sv
rtl_tb/monitors/armv6m_trace_if.sv
rtl_tb/monitors/armv6m_lockstep_monitor.sv
rtl_tb/monitors/armv6m_vis_adapter.sv
rtl_tb/monitors/ahb_lite_master_checker.sv
rtl_tb/replay/replay_top.sv
