# locale_lib.sh: sourced by tmux_lib.sh and lang_lib.sh (not run).
# utf8_locale: LC_ALL set to a UTF-8 locale that exists (tmux shows
# non-ASCII as _ otherwise; glibc reads LANGUAGE only when the locale is
# not C); status 1 when there is none.
utf8_locale() {
	for _l in C.UTF-8 C.utf8 en_US.UTF-8 en_US.utf8; do
		if locale -a 2>/dev/null | grep -qx "$_l"; then
			export LC_ALL="$_l"
			return 0
		fi
	done
	return 1
}
