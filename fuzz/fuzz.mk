# (sources of this part are listed here)
