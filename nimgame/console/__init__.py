"""The text front ends: the command line, text-mode play and the CS50 handouts' own
interfaces."""
