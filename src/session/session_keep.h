/*
 * session_keep.h: a local game in progress kept as it goes, so that
 * nothing is lost when congo quits, is killed or its terminal closes. The
 * view names the file (s->keep_path: $XDG_STATE_HOME/congo/game.pgn, "" in
 * a network game, a lesson, a puzzle and the tests that do not ask for
 * it); after every move, takeback and result the session writes the game
 * there in the record format :save writes (temporary file, fsync, rename:
 * never half written), with the players, the variant, the start, the
 * clock and a Clocks tag of both sides' time left. A finished game is
 * removed. The next congo offers to resume it, congo --resume resumes it;
 * a file that does not read is moved aside, never deleted.
 */
#ifndef CONGO_SESSION_KEEP_H
#define CONGO_SESSION_KEEP_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/game.h"
#include "session/session.h"

#define SESSION_KEEP_NAME "game.pgn"

/* After a move, a takeback or a result: a game in progress written to
 * s->keep_path; once it has been (s->kept), a finished game, or one taken
 * back to its start, removed. Nothing while the resume question waits, in
 * a network game, a lesson or a puzzle. 0, or -1 with a message (the
 * game goes on). */
int session_keep(struct session *s);
/* On the way out: the kept game written once more with the clocks as they
 * stand. True when this game is kept. */
bool session_keep_quit(struct session *s);
/*
 * What path holds: 1 a game in progress to offer (desc: "12 plies, human
 * - AI level 3"), 0 nothing to offer (no file, a finished game, no move),
 * -1 a file that does not read: moved aside to PATH.bad-YYYYMMDD-HHMMSS,
 * err says why and where.
 */
int session_keep_check(const char *path, const struct game_rules *rules,
    char *desc, size_t n, char *err, size_t errlen);
/* Ask whether to resume the game kept at s->keep_path (desc from
 * session_keep_check); yes runs CMD_RESUME. */
void session_keep_offer(struct session *s, const char *desc);
/* The kept game played on, its clocks as they were: 0, or -1 with a
 * message (a file that does not read moved aside). */
int session_keep_resume(struct session *s);

#endif
