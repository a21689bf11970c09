"""URLs of accounts, classes, drills, dashboards and teachers' puzzles (inside the language prefixes)."""

from django.urls import path, register_converter

from lessons.classroom import (
    accounts,
    classes,
    dashboard,
    drills,
    login_cards,
    own_data,
    reminders,
    teacher_puzzles,
    theme_drills,
    time_zones,
)


class IdConverter:
    """A row id: at most 18 digits, so a made-up huge number is a 404, not a database overflow."""

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(IdConverter, "id")

CLASS = "classes/<id:class_id>/"
STUDENT = CLASS + "students/<id:user_id>/"
DRILL = "drills/<id:drill_id>/"
DRILL_PUZZLE = DRILL + "puzzles/<id:item_id>/"
DRILL_STEP = DRILL + "lessons/<id:item_id>/<int:n>/"
PUZZLE = "puzzles/<slug:key>/"

urlpatterns = [
    # Accounts
    path("accounts/signup/", accounts.signup, name="accounts-signup"),
    path("accounts/signup/sent/", accounts.signup_sent, name="accounts-signup-sent"),
    path("accounts/new/", accounts.learner_signup, name="accounts-learner-signup"),
    path("accounts/login/", accounts.login_view, name="accounts-login"),
    path("accounts/logout/", accounts.logout_view, name="accounts-logout"),
    path("accounts/password/", accounts.password_change, name="accounts-password"),
    path("accounts/password/done/", accounts.password_change_done, name="accounts-password-done"),
    path("accounts/password/notice/", accounts.password_notice, name="accounts-password-notice"),
    path("accounts/password/reset/", accounts.password_reset, name="accounts-password-reset"),
    path("accounts/password/reset/sent/", accounts.password_reset_sent, name="accounts-password-reset-sent"),
    path(
        "accounts/password/reset/<uidb64>/<token>/",
        accounts.password_reset_confirm,
        name="accounts-password-reset-confirm",
    ),
    path("accounts/password/reset/done/", accounts.password_reset_done, name="accounts-password-reset-done"),
    path("accounts/reminders/", reminders.reminder_settings, name="accounts-reminders"),
    path("accounts/me/", own_data.account_page, name="accounts-me"),
    path("accounts/me/data.json", own_data.download, name="accounts-data"),
    path("accounts/me/delete", own_data.delete, name="accounts-delete"),
    path("teachers/", classes.for_teachers, name="classes-for-teachers"),
    # Joining a class
    path("join/", classes.join_code, name="classes-join-code"),
    path("join/<str:code>/", classes.join, name="classes-join"),
    # A teacher's classes
    path("classes/", classes.class_list, name="classes-list"),
    path(CLASS, classes.class_detail, name="classes-detail"),
    path(CLASS + "welcome/", classes.welcome, name="classes-welcome"),
    path(CLASS + "code", classes.regenerate_code, name="classes-regenerate-code"),
    path(CLASS + "open", classes.set_open, name="classes-set-open"),
    path(CLASS + "teachers", classes.add_teacher, name="classes-add-teacher"),
    path(CLASS + "teachers/<id:user_id>/remove", classes.remove_teacher, name="classes-remove-teacher"),
    path(CLASS + "teachers/leave/", classes.teacher_leave, name="classes-teacher-leave"),
    path(CLASS + "invitations/<id:invitation_id>/cancel", classes.cancel_invitation, name="classes-uninvite"),
    path("invitations/<slug:token>/", classes.invitation, name="classes-invitation"),
    path(CLASS + "leave", classes.leave, name="classes-leave"),
    path(CLASS + "archive", classes.archive, name="classes-archive"),
    path(CLASS + "restore", classes.restore, name="classes-restore"),
    path(CLASS + "rename", classes.rename, name="classes-rename"),
    path(CLASS + "time-zone", time_zones.set_time_zone, name="classes-time-zone"),
    path(CLASS + "announcement", classes.announce, name="classes-announce"),
    path(CLASS + "delete", classes.delete, name="classes-delete"),
    # Pupils of a class
    path(CLASS + "students/new/", classes.students_new, name="classes-students-new"),
    path(CLASS + "cards/<slug:token>/", classes.cards, name="classes-cards"),
    path(CLASS + "cards/", login_cards.reprint, name="classes-reprint"),
    path(CLASS + "cards/new-passwords", login_cards.new_passwords, name="classes-new-passwords"),
    path(STUDENT, dashboard.student, name="classes-student"),
    path(STUDENT + "password", classes.student_password, name="classes-student-password"),
    path(STUDENT + "remove", classes.student_remove, name="classes-student-remove"),
    path(STUDENT + "restore", classes.student_restore, name="classes-student-restore"),
    # Dashboards
    path(CLASS + "dashboard/", dashboard.dashboard, name="classes-dashboard"),
    path(CLASS + "dashboard/puzzles/", dashboard.puzzles, name="classes-dashboard-puzzles"),
    path(
        CLASS + "dashboard/puzzles/<id:puzzle_id>/",
        dashboard.class_puzzle,
        name="classes-dashboard-puzzle",
    ),
    path(CLASS + "dashboard.csv", dashboard.export_csv, name="classes-export"),
    path(CLASS + "dashboard.xlsx", dashboard.export_xlsx, name="classes-export-xlsx"),
    # Drills: making them
    path(CLASS + "drills/new/", drills.drill_new, name="drills-new"),
    path(DRILL + "edit/", drills.drill_edit, name="drills-edit"),
    path(DRILL + "items/add", drills.drill_add, name="drills-add"),
    path(DRILL + "items/<id:item_id>/move", drills.drill_move, name="drills-move"),
    path(DRILL + "items/<id:item_id>/remove", drills.drill_remove_item, name="drills-remove-item"),
    path(DRILL + "archive", drills.drill_archive, name="drills-archive"),
    path(DRILL + "restore", drills.drill_restore, name="drills-restore"),
    path(DRILL + "publish", drills.drill_publish, name="drills-publish"),
    path(DRILL + "copy", drills.drill_copy, name="drills-copy"),
    path(DRILL + "fill/", theme_drills.fill_progress, name="drills-fill"),
    path(DRILL + "fill/again", theme_drills.fill_again, name="drills-fill-again"),
    # Drills: doing them
    path("drills/", drills.my_drills, name="drills-mine"),
    path(DRILL, drills.drill_detail, name="drills-detail"),
    path(DRILL_PUZZLE, drills.drill_puzzle, name="drills-puzzle"),
    path(DRILL_PUZZLE + "answer", drills.drill_answer, name="drills-puzzle-answer"),
    path(DRILL_PUZZLE + "hint", drills.drill_hint, name="drills-puzzle-hint"),
    path(DRILL_PUZZLE + "solution", drills.drill_solution, name="drills-puzzle-solution"),
    path(DRILL_STEP, drills.drill_lesson_step, name="drills-lesson-step"),
    path(DRILL_STEP + "answer", drills.drill_lesson_answer, name="drills-lesson-answer"),
    path(DRILL_STEP + "hint", drills.drill_lesson_hint, name="drills-lesson-hint"),
    path(DRILL_STEP + "solution", drills.drill_lesson_solution, name="drills-lesson-solution"),
    # Teachers' puzzles
    path("puzzles/", teacher_puzzles.puzzle_list, name="teacher-puzzles"),
    path("puzzles/new/", teacher_puzzles.puzzle_new, name="teacher-puzzles-new"),
    path("puzzles/check", teacher_puzzles.check, name="teacher-puzzles-check"),
    path(PUZZLE, teacher_puzzles.puzzle_detail, name="teacher-puzzles-detail"),
    path(PUZZLE + "edit/", teacher_puzzles.puzzle_edit, name="teacher-puzzles-edit"),
    path(PUZZLE + "add", teacher_puzzles.puzzle_add_to_drill, name="teacher-puzzles-add"),
    path(PUZZLE + "delete", teacher_puzzles.puzzle_delete, name="teacher-puzzles-delete"),
]
