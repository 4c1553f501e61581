# scripts/child_cpu.sh — sourced by soak.sh and msan.sh.
# child_cpu: CPU seconds (user+system) used so far by the processes this shell has waited for,
# from fields 16-17 of /proc/PID/stat (cutime, cstime, in clock ticks); 0 where /proc is missing.
child_cpu() {
  local st; st=$(cat "/proc/$$/stat" 2>/dev/null) || { echo 0; return; }
  set -- ${st##*) }
  echo $(( (${14:-0} + ${15:-0}) / $(getconf CLK_TCK 2>/dev/null || echo 100) ))
}
