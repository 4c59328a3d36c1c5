import { render } from "preact";
import "./app.css";

render(<div class="boot">Enginery</div>, document.getElementById("app")!);
