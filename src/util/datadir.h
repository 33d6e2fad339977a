/*
 * datadir.h: the data folders set at configure time, PKGDATADIR (the
 * installed $(pkgdatadir)) and SRCDATADIR (the source tree's data/, for a
 * program run from its build tree), given to the libraries that read data
 * (learn, ai and its tb); here their defaults for a build without them.
 * Where each looks, in which order, is its own (learn_paths.c,
 * nnue_file.c, tb_probe.c).
 */
#ifndef CONGO_UTIL_DATADIR_H
#define CONGO_UTIL_DATADIR_H

#ifndef PKGDATADIR
#define PKGDATADIR "/usr/local/share/congo"
#endif
#ifndef SRCDATADIR
#define SRCDATADIR PKGDATADIR
#endif

#endif
