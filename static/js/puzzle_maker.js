// The puzzle maker shows only the fields of the chosen task: each part names its tasks in
// data-tasks, and a change of the task shows its parts and hides the others at once (the server
// hides them too, so that the page is the same without JavaScript after "Check").
const taskSelect = document.querySelector("#puzzle-form select[name=task]");
if (taskSelect) {
  const show = () => {
    for (const part of document.querySelectorAll("#puzzle-form [data-tasks]")) {
      part.hidden = !part.dataset.tasks.split(" ").includes(taskSelect.value);
    }
  };
  taskSelect.addEventListener("change", show);
  show();
}
