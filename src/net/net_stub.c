typedef int net_stub_unused;
