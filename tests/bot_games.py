"""The bot games that tests take their positions from, kept as record codes, so a change of a bot
cannot move a pinned position.

:func:`easy_game` is ``bot_game(name, "easy", seed=seed)`` as the bots played it when the codes
were made: Volterra's seeds 0–9 and 100 come from :data:`VOLTERRA_EASY`, made before Volterra's
greedy rule learnt to take an immediate win (issue 31); other games and seeds are played afresh.
"""

from __future__ import annotations

import icewidgets as iw
from icewidgets.analysis.teaching import bot_game

# bot_game("volterra", "easy", seed=seed).to_code(), by the bots of issue 31's second round.
VOLTERRA_EASY = {
    0: (
        "iw1.eNpdjssKwyAQRX-luO5A1ay6yn-ULtSZBsHEoDZdhPx7fQVKV3eO94E7e_kwq8TuF2YNfSxOlCIEMj4gu17YRiFav2RfZJrU"
        "TCW6eZcoBFUSfk05EPPzfmSMRJjvWzmTCmV5eTuXcXWWSuzB9ABalO7YREswsnITJUE13_Ai5i8_YhXigPynJrQAUx3k0JojtV2s"
        "YiRQ84d-nEuZ-wcqC8PPQC9IwF7g7Hl8ARktTY0"),
    1: (
        "iw1.eNpdjr0OgzAMhF8FZW6GhEydeI-qQxK7CAkICikdEO9e54_-TOez7z55Zw_nJx3YtWGDxdcAPYaVe7TOA7s0bEO_Dm6muyTX"
        "6wljdHNjQO91TLglUGCl9X6QXRGBZhHHoH0kz89xJLuMA8bYjYHiVsVul8UIDm3yJotNIq0qe00FmS46CbTcZF8lxyQ3Cajbmrci"
        "kQwBftBGckinDiqxNpJgW--FYM9FeTX3zjWqP4D4BZQayhKDzwPiqxb_EOx-vAGEUGG-"),
    2: (
        "iw1.eNo1jDEOwjAMRa9SeSYDKRMT90AMTmKqSGld2aEMVe-OQ2D6et_Pf4cny4wVrgPkSO-cJqrqhCJLgtMAG4lmXuzujSacqakb"
        "l0oi2Axeqwlq9X4YKlH62VpR2vLyKsVwLZmadodwccG331uPMLpw7vwNHF3sjJ39348eHscHuXEypQ"),
    3: (
        "iw1.eNo9jbEOwyAMRH8lYi5DIFMn_qPqANiNkEiIgKZDlH-vDVEm39nvzof4pLzYKp6DCB5_AWasRWb0KYN4DGLHXEJa6a7IzXZB"
        "RvcUK-ZsmUhbJaDQ-jjJFkQgrVlWm7l5_cZIdosBGXsJAxMnUUvQLNwoXRMGxjZ8cwq0dJ1UEq-LaoFJ9grjmodR9ojpPf72VxMF"
        "bCNNHwqm-6US7_MP2JBD2A"),
    4: (
        "iw1.eNpNjzsOwyAQRK9iUYeCNVUq7hGlWGBjIdnGApIUlu8ePsFyNTvsvAF29vJhwcTuA3OGvs5OlCIPZHyw7DawD4Xo_Jr3kN2E"
        "C5Xox8-JQsCS8FvKgZiP9yPbSGTzLMuYMJTm9T3P2W6zoxJ7MCu5HgurNBTRgpvmbRVz-hYjyU0NqiZa9j1WsePJi7ofOcKl3wAn"
        "ceEBoQNNMtDIf4GFfmErUNQ4EpwqAOZswEqA7StF169hfdrz-AEzl1fS"),
    5: (
        "iw1.eNo1jDEOgzAMRa-CPDcDoV06cY-qQ4hdFCkQ5LgwIO5eW1En_-f_7BM-hZcg8OwgRToSziTVMcXCCLcOduKayqq9V5rDQqbu"
        "JQsxBzPKJipUXZ-XYiVCzQ-LEtg-r9-cFbecyLQX4N3hYLcjehtT7ybfuLdBw7-Pjb1r4hg9vK8fvYUyvw"),
    6: (
        "iw1.eNpNjLEOwyAMRH8lYi5DCerQKf9RdQDsRkgkRIamQ5R_rw2q1OnufO98qFemxVV1H1QM-IkwYy2aMGQCdRnUjlRiXrk3nGa3"
        "oKB7ThWJnBB5qwwUPh8nx4II7G9iqyP5vL5T4riliII9lLcajGynLnDVYWzZd8EmwFgzwWpnWxE6bzT-76e-9qPuvYGfk0_P8wtb"
        "djzk"),
    7: (
        "iw1.eNpVjsEOgyAQRH_FcC4HVpMmPfkfTQ8LbI0JigFqD8Z_7yLW6Gl2mLezLOLtw4BJPCrRG_r2tqMUZSDjgxW3SswUYu9HzoFd"
        "hwNldPYuUQiYCT8lBiI_LyvbSGR5vucxYcjN48c5tpPrKWNPYRupm7zbashia2mh-DqLUdIUXwSZhxNvDv6yhrBjBiSVgLYANPwP"
        "7r0lJiUL0Gq17-E2APEFdboAqK5fAIKD2EQriaWL5bX-ANZyVH0"),
    8: (
        "iw1.eNpdjzEOwjAMRa-CMuMhbgbE1HsgBic2qFIhKA0wVNydJKaIMn3_72fHmc0ppgtls9-YIchz4LPkCZKEmNhsN-YhaRritfSx"
        "uDNdpKKPOGZJiSoRb7kAU4nnV7GTCJd6V8tMqW6-3sex2Ns4SMUOhh0EV2d7FbYQuuZ9E-8W_xFqmO-Amg8OPLYGq2hMCAoGC6IN"
        "FfryKmKBf-epg6BeBQXXB3hcBrxdexUM5Wmrp1gNOuDVF3SQ7PryykkD0P-t6DVnBHHm-HoDIUNlMw"),
    9: (
        "iw1.eNqNkT1uwzAMha8SaC4H_Szt5HsUHSSRDQw4cSC7yRDk7qVE2ZbbBuhEUXz8-Cjd1eeYTn5WbwfVR7r1eKR5gkRxTKheDupK"
        "aerHM9cNZ0d_oiy9jsNMKfmsGC8zCya-vj84nYiQz6_5OPuUyeevYeD0MvSUZe8qOECbezt0OQQLaCQvIVqgWi-BDKAueSx1Qywo"
        "nZ0ENBAEEIoOtwElmGDAC8FXggNhVWTQ4KVDdGgh6sZS7fOLLJplgsiMt-uE1mrUi64O3gh6v3Qn196BKLOD1uEKWAbhagH33ipp"
        "A-wcrDLuj6591Z8rMKA--7MV3PINzwh6_w-_CPkb_utB_7WE4Y8gqZDes-sz1MZGWBFl0sfjG9X6rA8"),
    100: (
        "iw1.eNpdTzEOgzAM_ArK3EjgMHXiH1WHJHYrJGiqkNIB9e91MCBgOp99d7Yn9Qixt0ldC9V6-rb4pDToSD5EVJdCjRSHNrx4Dsye"
        "tqcsHUOXKEabFeGdWDBwe_oxHYiQ66osM0k25uzXp-uYvruWsvCmsNbOZHfjIANWG5_BMq9m7oXX2spcwJ38Fo5-cNXR0PhZ54x2"
        "x2IJAG6gNAT8FiAXeNAoHJcNsBokwddalA3B_tL1MjSa9gHrp2axAbGgloAZvDm9ID7a9iyvbgkE64Th_vsDphlveQ"),
}


def easy_game(game: str, seed: int, **options) -> iw.Record:
    """The easy bot game of ``game`` (a name, with its ``options``) and ``seed``: its kept code if
    there is one, else ``bot_game(iw.make(game, **options), "easy", seed=seed)``."""
    if game == "volterra" and not options and seed in VOLTERRA_EASY:
        return iw.Record.from_code(VOLTERRA_EASY[seed])
    return bot_game(iw.make(game, **options), "easy", seed=seed)
